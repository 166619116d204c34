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
import { readFileSync } from 'node:fs';
import { moduleOf } from './lib/profile-frames.mjs';
import { toolArgs } from './lib/tool-args.mjs';

const { file, options: args } = toolArgs(
  'heap-profile-summary.mjs <file.heapprofile> [--per=n] [--top=n] [--callers=fn] [--under=fn]',
);
const top = Number(args.top ?? 30);
const per = Number(args.per ?? 1);
const profile = JSON.parse(readFileSync(file, 'utf8'));

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
