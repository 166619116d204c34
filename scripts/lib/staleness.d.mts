export function bundleStaleness(outfile: string, root: string): string | null;
export function listFiles(dir: string, base: string, skip?: Set<string>): string[];
export function fingerprint(files: string[], base: string): string;
