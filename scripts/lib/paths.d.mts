export const repoRoot: string;
/** Local, git-ignored state: secrets, logs, run records. */
export const runDir: string;
export const logsDir: string;
export const protoRoot: string;
