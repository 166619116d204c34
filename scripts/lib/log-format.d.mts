export function formatLogLine(line: string): string;
export function prefixFor(name: string, index: number, width: number, colour?: boolean): string;
