#!/usr/bin/env node
// Summarises a V8 sampling heap profile (`.heapprofile`: the bench's HEAP_PROFILE_DIR, or
// `node --heap-prof`): bytes allocated by module, by library (node internals and natives charged
// to the nearest library or project frame that called them), by function (self), and by project
// function including what it called (inclusive), divided by `--per=<n>` (e.g. the messages of the
// window, to read KB per message); or, with --callers=<function>, the stacks that allocated in it;
// --under=<function> keeps only what was allocated with that function on the stack.
// Bundled project code is mapped to its sources through the bundle's source map as it is now:
// summarise before the next run rebuilds the bundle.
//
//   node bench/tools/heap-profile-summary.mjs <file.heapprofile> [--per=<n>] [--top=<n>]
//   node bench/tools/heap-profile-summary.mjs <file.heapprofile> --per=15000 --callers=stringify
//   node bench/tools/heap-profile-summary.mjs <file.heapprofile> --per=15000 --under=handle
import { existsSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { fileURLToPath } from 'node:url';

const args = Object.fromEntries(
  process.argv
    .slice(2)
    .filter((a) => a.startsWith('--'))
    .map((a) => a.slice(2).split('=')),
);
const file = process.argv.slice(2).find((a) => !a.startsWith('--'));
if (!file) {
  console.error('usage: heap-profile-summary.mjs <file.heapprofile> [--per=n] [--top=n] [--callers=fn] [--under=fn]');
  process.exit(2);
}
const top = Number(args.top ?? 30);
const per = Number(args.per ?? 1);
const profile = JSON.parse(readFileSync(file, 'utf8'));

const sourceMaps = new Map();
/** The project source a bundled frame came from (npm packages are not bundled: their own path). */
function sourceOf(frame) {
  const { url } = frame;
  if (!url.startsWith('file://') && !url.startsWith('/')) return url;
  if (url.includes('node_modules')) return url;
  const path = url.startsWith('file://') ? fileURLToPath(url) : url;
  if (!sourceMaps.has(path)) {
    const mapFile = `${path}.map`;
    sourceMaps.set(
      path,
      existsSync(mapFile) ? new SourceMap(JSON.parse(readFileSync(mapFile, 'utf8'))) : null,
    );
  }
  const entry = sourceMaps.get(path)?.findEntry(frame.lineNumber, frame.columnNumber);
  return entry?.originalSource ?? url;
}

/** npm package, node:<area>, project file, or V8's own ((V8 API), (BYTECODE_COMPILER)...). */
function moduleOf(frame) {
  if (!frame.url)
    return frame.functionName.startsWith('(') ? frame.functionName : `(native) ${frame.functionName}`;
  const source = sourceOf(frame);
  const pkg = source.match(/node_modules\/((@[^/]+\/)?[^/]+)/);
  if (pkg) return pkg[1];
  if (source.startsWith('node:'))
    return source
      .replace(/^node:internal\//, 'node:')
      .split('/')
      .slice(0, 2)
      .join('/');
  const own = source.match(/(packages\/[^/]+|services\/[^/]+|gateway|bench)\/(src\/)?(.*)$/);
  return own ? `${own[1]}: ${own[3]}` : source;
}
const isProject = (module) => /^(packages\/|services\/|gateway|bench)/.test(module);
const nameOf = (frame) => `${frame.functionName || '(anonymous)'} (${moduleOf(frame)})`;

const byModule = new Map();
const byLibrary = new Map();
const byFunction = new Map();
const inclusive = new Map();
const callers = new Map();
const add = (map, key, bytes) => map.set(key, (map.get(key) ?? 0) + bytes);
let total = 0;

/** Depth first; `stack` holds the frames from the root to `node`'s parent. */
function walk(node, stack, library) {
  const frame = node.callFrame;
  const module = moduleOf(frame);
  const own = frame.url && !frame.url.startsWith('node:') ? module : library;
  const bytes = node.selfSize;
  const kept = !args.under || [...stack, frame].some((f) => f.functionName === args.under);
  if (bytes && kept) {
    total += bytes;
    add(byModule, module, bytes);
    add(byLibrary, own ?? module, bytes);
    add(byFunction, nameOf(frame), bytes);
    // Each project function once per stack, however often it recurs on it.
    const seen = new Set();
    for (const f of [...stack, frame]) {
      const m = moduleOf(f);
      if (!isProject(m)) continue;
      const key = nameOf(f);
      if (seen.has(key)) continue;
      seen.add(key);
      add(inclusive, key, bytes);
    }
    if (args.callers && frame.functionName === args.callers)
      add(
        callers,
        stack
          .slice(-8)
          .reverse()
          .map((f) => nameOf(f))
          .join(' < '),
        bytes,
      );
  }
  stack.push(frame);
  for (const child of node.children) walk(child, stack, own);
  stack.pop();
}
walk(profile.head, [], undefined);

const kb = (bytes) => `${(bytes / per / 1024).toFixed(2).padStart(9)} KB`;
const print = (title, map, n = top) => {
  console.log(`-- ${title}`);
  for (const [key, bytes] of [...map].sort((a, b) => b[1] - a[1]).slice(0, n))
    console.log(kb(bytes), `${((100 * bytes) / total).toFixed(1).padStart(5)}%`, key);
};
console.log(`allocated: ${kb(total)}${per === 1 ? '' : ` per 1/${per} of the window`}`);
if (args.callers) print(`stacks that allocated in ${args.callers}`, callers, 15);
else {
  print('allocated by module (self)', byModule);
  print('allocated by library (node internals and natives charged to their caller)', byLibrary);
  print('allocated by function (self)', byFunction);
  print('allocated under project functions (inclusive)', inclusive);
}
