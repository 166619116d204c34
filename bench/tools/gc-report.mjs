/**
 * Summarises gc-observer.cjs's files: per process (its script), the pauses by kind, count, total,
 * p99 and max, and how many were over 10 ms; `--from=<s> --to=<s>` keeps pauses started in that
 * window of the process's life.
 *   node tools/gc-report.mjs /tmp/gc [--from=120 --to=150]
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const [dir, ...flags] = process.argv.slice(2);
const flag = (name) => Number(flags.find((f) => f.startsWith(`--${name}=`))?.split('=')[1]);
const from = (flag('from') || 0) * 1000;
const to = (flag('to') || Infinity) * 1000;
for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
  const { script, pauses } = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  const kept = pauses.filter(([at]) => at >= from && at <= to);
  if (kept.length === 0) continue;
  const lifeS = Math.round((pauses.at(-1)?.[0] ?? 0) / 1000);
  console.log(`${file} ${script} (last GC at ${lifeS} s)`);
  for (const kind of new Set(kept.map((p) => p[2]))) {
    const d = kept
      .filter((p) => p[2] === kind)
      .map((p) => p[1])
      .sort((a, b) => a - b);
    const total = d.reduce((a, b) => a + b, 0);
    const p99 = d[Math.min(d.length - 1, Math.ceil(0.99 * d.length) - 1)];
    console.log(
      `  ${kind.padEnd(12)} n=${String(d.length).padEnd(6)} total=${total.toFixed(0)} ms  mean=${(total / d.length).toFixed(2)} ms  p99=${p99} ms  max=${d.at(-1)} ms  >10ms=${d.filter((x) => x > 10).length}`,
    );
  }
}
