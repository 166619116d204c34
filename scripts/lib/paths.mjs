// Where things live in the repository and in its git-ignored run folder.
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(fileURLToPath(new URL('../..', import.meta.url)));
/** Local, git-ignored state: secrets, logs, run records. */
export const runDir = join(repoRoot, '.run');
export const logsDir = join(runDir, 'logs');
export const protoRoot = join(repoRoot, 'proto');
