// The boundary check (.dependency-cruiser.cjs): which folders it reads, and how to run it.
import { join } from 'node:path';
import { repoRoot } from './paths.mjs';

/** Everything that ships: programs, shared packages, the dashboard and the widget. */
export const checkedFolders = ['services', 'gateway', 'packages', 'frontend/src', 'widget', 'tools'];

export const dependencyCruiserBin = join(
  repoRoot,
  'node_modules',
  'dependency-cruiser',
  'bin',
  'dependency-cruise.mjs',
);

/** Arguments for `node <dependencyCruiserBin>`, run from `cwd` (the repository, or a test's fixture). */
export function boundaryCheckArgs({ folders = checkedFolders, outputType = 'err' } = {}) {
  return [
    dependencyCruiserBin,
    '--config',
    join(repoRoot, '.dependency-cruiser.cjs'),
    '--output-type',
    outputType,
    ...folders,
  ];
}
