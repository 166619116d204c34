#!/usr/bin/env node
// Summarises a V8 CPU profile (`node --cpu-prof`, e.g. the bench's PROFILE_DIR): busy share per
// second (to find a phase), then self time by module, by library (node internals and natives
// charged to the nearest library or project frame that called them) and by function, within an
// optional window; or, with --callers=<function>, the stacks that spent time in one function.
// Bundled project code is mapped to its sources through the bundle's source map as it is now:
// summarise before the next run rebuilds the bundle, or project frames are named wrongly.
//
//   node bench/tools/cpuprofile-summary.mjs <file.cpuprofile> [--from=<s>] [--to=<s>] [--top=<n>]
//   node bench/tools/cpuprofile-summary.mjs <file.cpuprofile> --from=38 --to=63 --callers=writev [--depth=n]
import { readFileSync } from 'node:fs';
import { moduleOf } from './lib/profile-frames.mjs';
import { toolArgs } from './lib/tool-args.mjs';

const { file, options: args } = toolArgs(
  'cpuprofile-summary.mjs <file.cpuprofile> [--from=s] [--to=s] [--top=n] [--callers=fn [--depth=n]]',
);
const top = Number(args.top ?? 30);
/** How many callers each --callers stack shows: past a library's own write path takes more than 8. */
const depth = Number(args.depth ?? 8);
const profile = JSON.parse(readFileSync(file, 'utf8'));
const nodeById = new Map(profile.nodes.map((n) => [n.id, n]));
const parentOf = new Map();
for (const n of profile.nodes) for (const child of n.children ?? []) parentOf.set(child, n.id);

const libraryOfNode = new Map();
function libraryOf(id) {
  if (!libraryOfNode.has(id)) {
    let library = moduleOf(nodeById.get(id).callFrame);
    for (let cur = id; cur !== undefined; cur = parentOf.get(cur)) {
      const frame = nodeById.get(cur).callFrame;
      if (frame.url && !frame.url.startsWith('node:')) {
        library = moduleOf(frame);
        break;
      }
    }
    libraryOfNode.set(id, library);
  }
  return libraryOfNode.get(id);
}

const from = args.from === undefined ? -Infinity : Number(args.from) * 1e6;
const to = args.to === undefined ? Infinity : Number(args.to) * 1e6;
let at = 0;
let total = 0;
const perSecond = [];
const selfTime = new Map();
profile.samples.forEach((id, i) => {
  at += profile.timeDeltas[i];
  const dt = profile.timeDeltas[i + 1] ?? 0;
  const second = Math.floor(at / 1e6);
  perSecond[second] ??= { busy: 0, all: 0 };
  perSecond[second].all += dt;
  if (nodeById.get(id).callFrame.functionName !== '(idle)') perSecond[second].busy += dt;
  if (at < from || at > to) return;
  total += dt;
  selfTime.set(id, (selfTime.get(id) ?? 0) + dt);
});

const pct = (us) => `${((100 * us) / total).toFixed(1).padStart(5)}%`;
const print = (title, map, n = top) => {
  console.log(`-- ${title}`);
  for (const [key, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, n)) console.log(pct(us), key);
};
const add = (map, key, us) => map.set(key, (map.get(key) ?? 0) + us);

console.log(
  `busy % per second: ${perSecond.map((s, i) => `${i}:${s ? Math.round((100 * s.busy) / Math.max(s.all, 1)) : '-'}`).join(' ')}`,
);
console.log(`window: ${(total / 1e6).toFixed(1)} s of samples`);

if (args.callers) {
  const stacks = new Map();
  for (const [id, us] of selfTime) {
    if (nodeById.get(id).callFrame.functionName !== args.callers) continue;
    const chain = [];
    for (let cur = parentOf.get(id); cur !== undefined && chain.length < depth; cur = parentOf.get(cur)) {
      const frame = nodeById.get(cur).callFrame;
      chain.push(`${frame.functionName || '(anonymous)'} (${moduleOf(frame)})`);
    }
    add(stacks, chain.join(' < '), us);
  }
  print(`callers of ${args.callers}`, stacks, 15);
} else {
  const byModule = new Map();
  const byLibrary = new Map();
  const byFunction = new Map();
  for (const [id, us] of selfTime) {
    const frame = nodeById.get(id).callFrame;
    add(byModule, moduleOf(frame), us);
    add(byLibrary, libraryOf(id), us);
    add(byFunction, `${frame.functionName || '(anonymous)'} (${moduleOf(frame)})`, us);
  }
  print('self time by module', byModule);
  print('self time by library (node internals and natives charged to their caller)', byLibrary);
  print('self time by function', byFunction);
}
