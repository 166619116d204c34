// Decides whether a build output is older than what it was built from, so `npm start` rebuilds
// only what changed.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { inputsFileFor } from '../bundle.mjs';

/**
 * A bundle is stale when it or its inputs list is missing, or when any input listed by the last
 * build is gone or newer than the bundle. Returns the reason, or null when fresh.
 */
export function bundleStaleness(outfile, root) {
  if (!existsSync(outfile)) return 'not built yet';
  const inputsFile = inputsFileFor(outfile);
  if (!existsSync(inputsFile)) return 'no record of its inputs';
  const builtAt = statSync(outfile).mtimeMs;
  let inputs;
  try {
    inputs = JSON.parse(readFileSync(inputsFile, 'utf8')).inputs;
  } catch {
    return 'unreadable record of its inputs';
  }
  for (const input of inputs) {
    const path = resolve(root, input);
    if (!existsSync(path)) return `${input} was removed`;
    // Equal times count as changed: timestamps are coarse, so an edit in the same tick as the build
    // must not be mistaken for an older file. The cost is at worst one needless rebuild.
    if (statSync(path).mtimeMs >= builtAt) return `${input} changed`;
  }
  return null;
}

/** Every file under `dir`, skipping folders named in `skip` (relative paths from `base`). */
export function listFiles(dir, base, skip = new Set()) {
  if (!existsSync(dir)) return [];
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (skip.has(entry.name)) continue;
    const full = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...listFiles(full, base, skip));
    else if (entry.isFile()) out.push(relative(base, full));
  }
  return out.sort();
}

/** A fingerprint of files' paths, sizes and modification times: changes when any of them does. */
export function fingerprint(files, base) {
  const hash = createHash('sha256');
  for (const file of files) {
    const s = statSync(join(base, file));
    hash.update(`${file}\0${s.size}\0${Math.floor(s.mtimeMs)}\n`);
  }
  return hash.digest('hex');
}
