/**
 * Were the slowest messages waiting on a collection? Reads a GC_REPORT_DIR of a realtime run
 * (gc-observer.cjs's `<pid>.json` files and the bench's sustained-messages.jsonl) and, for each
 * process, compares the slowest 1% of the sustained phase with all its messages: the share of
 * messages during whose flight (send -> dashboard) that process paused for a collection, and the
 * mean ms of pause inside a message's flight and the share of the flights' time it was, by kind.
 * A process whose collections own the tail pauses for a larger share of the slowest flights than
 * of all (a long flight overlaps more pauses by its length alone: compare the shares).
 *   node tools/gc-overlap.mjs /tmp/gc [--percent=1]
 */
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';

const [dir, ...flags] = process.argv.slice(2);
const percent = Number(flags.find((f) => f.startsWith('--percent='))?.split('=')[1] ?? 1);
const messages = readFileSync(join(dir, 'sustained-messages.jsonl'), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => {
    const [sentAt, toStream, toDashboard] = JSON.parse(line);
    return { from: sentAt, to: sentAt + toStream + toDashboard, total: toStream + toDashboard };
  });
const sorted = [...messages].sort((a, b) => a.total - b.total);
const slowest = sorted.slice(Math.floor(sorted.length * (1 - percent / 100)));
const phase = { from: Math.min(...messages.map((m) => m.from)), to: Math.max(...messages.map((m) => m.to)) };
console.log(
  `${messages.length} messages over ${((phase.to - phase.from) / 1000).toFixed(1)} s; slowest ${percent}%: ${slowest.length}, from ${slowest[0]?.total.toFixed(1)} ms (mean ${(slowest.reduce((a, m) => a + m.total, 0) / slowest.length).toFixed(1)} ms)`,
);

/** ms of the pauses inside [from, to]. */
const overlap = (pauses, m) =>
  pauses.reduce((t, p) => t + Math.max(0, Math.min(p.to, m.to) - Math.max(p.from, m.from)), 0);
const describe = (pauses, group) => {
  const each = group.map((m) => overlap(pauses, m));
  const hit = each.filter((x) => x > 0).length;
  const paused = each.reduce((a, b) => a + b, 0);
  const flight = group.reduce((a, m) => a + m.total, 0);
  return `${((100 * hit) / group.length).toFixed(1)}% paused, ${(paused / group.length).toFixed(1)} ms mean, ${((100 * paused) / flight).toFixed(1)}% of their flight`;
};

for (const file of readdirSync(dir).filter((f) => /^\d+\.json$/.test(f))) {
  const { script, timeOrigin, pauses } = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  if (timeOrigin === undefined) throw new Error(`${file} has no timeOrigin (an older gc-observer.cjs)`);
  const during = pauses
    .map(([at, ms, kind]) => ({ from: timeOrigin + at, to: timeOrigin + at + ms, ms, kind }))
    .filter((p) => p.to >= phase.from && p.from <= phase.to);
  if (during.length === 0) continue;
  console.log(
    `${file} ${basename(String(script))}: ${during.length} collections in the phase, ${during.reduce((a, p) => a + p.ms, 0).toFixed(0)} ms`,
  );
  for (const kind of ['all', ...new Set(during.map((p) => p.kind))]) {
    const mine = kind === 'all' ? during : during.filter((p) => p.kind === kind);
    console.log(
      `  ${kind.padEnd(12)} n=${String(mine.length).padEnd(5)} slowest: ${describe(mine, slowest)}; all: ${describe(mine, messages)}`,
    );
  }
}
