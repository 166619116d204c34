/** Latency samples in milliseconds -> the numbers a benchmark reports. */
export interface LatencySummary {
  count: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  mean: number;
}

export function summarize(samplesMs: number[]): LatencySummary {
  if (samplesMs.length === 0) return { count: 0, p50: 0, p90: 0, p99: 0, max: 0, mean: 0 };
  const sorted = Float64Array.from(samplesMs).sort();
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
  const sum = sorted.reduce((a, b) => a + b, 0);
  return {
    count: sorted.length,
    p50: round(at(0.5)),
    p90: round(at(0.9)),
    p99: round(at(0.99)),
    max: round(sorted[sorted.length - 1] ?? 0),
    mean: round(sum / sorted.length),
  };
}

export function round(n: number, digits = 3): number {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
}

/** Milliseconds since `start` (from process.hrtime.bigint()). */
export function elapsedMs(start: bigint): number {
  return Number(process.hrtime.bigint() - start) / 1e6;
}

export function formatLatency(label: string, s: LatencySummary): string {
  return `${label.padEnd(34)} n=${String(s.count).padEnd(7)} p50=${s.p50.toFixed(3)}ms  p90=${s.p90.toFixed(3)}ms  p99=${s.p99.toFixed(3)}ms  max=${s.max.toFixed(3)}ms`;
}

/** `INFO commandstats` -> calls per command (`cmdstat_xrange:calls=12,usec=...` -> { xrange: 12 }). */
export function commandCalls(info: string): Record<string, number> {
  const calls: Record<string, number> = {};
  for (const line of info.split(/\r?\n/)) {
    const match = /^cmdstat_([^:]+):calls=(\d+)/.exec(line);
    if (match) calls[match[1]!] = Number(match[2]);
  }
  return calls;
}

/** What each command was called between two `commandCalls` readings (only those called). */
export function callsBetween(
  before: Record<string, number>,
  after: Record<string, number>,
): Record<string, number> {
  const delta: Record<string, number> = {};
  for (const [command, n] of Object.entries(after)) {
    const d = n - (before[command] ?? 0);
    if (d > 0) delta[command] = d;
  }
  return delta;
}

/** One delivered message's latency and its two shares: to the stream, and from it to the dashboard. */
export interface Split {
  /** When it was sent (performance.timeOrigin + performance.now(), one clock for every thread). */
  sentAt: number;
  total: number;
  toStream: number;
  toDashboard: number;
}

/**
 * Where the slowest 1% of messages spent their time: the mean of each share over the messages at
 * or above the p99 of the total (`from`). A p99 dominated by one share points at that half.
 */
export function slowestSplit(splits: readonly Split[]): {
  count: number;
  from: number;
  toStreamMean: number;
  toDashboardMean: number;
} {
  if (splits.length === 0) return { count: 0, from: 0, toStreamMean: 0, toDashboardMean: 0 };
  const sorted = [...splits].sort((a, b) => a.total - b.total);
  const slowest = sorted.slice(Math.min(sorted.length - 1, Math.ceil(0.99 * sorted.length) - 1));
  const mean = (pick: (s: Split) => number) =>
    round(slowest.reduce((a, s) => a + pick(s), 0) / slowest.length);
  return {
    count: slowest.length,
    from: round(slowest[0]!.total),
    toStreamMean: mean((s) => s.toStream),
    toDashboardMean: mean((s) => s.toDashboard),
  };
}
