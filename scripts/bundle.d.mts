export function inputsFileFor(outfile: string): string;
export function bundle(entry: string, outfile: string): Promise<string[]>;
