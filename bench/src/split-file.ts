import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Split } from './stats';

/**
 * The sustained phase's messages beside the GC observer's files (GC_REPORT_DIR), one
 * line `[sentAt, toStream, toDashboard]` each (ms; sentAt on the clock of performance.timeOrigin), so
 * tools/gc-overlap.mjs can tell whether the slowest ones were waiting on a collection and whose.
 */
export function writeSplits(dir: string, splits: readonly Split[]): void {
  const rows = splits.map((s) => [
    Math.round(s.sentAt * 100) / 100,
    Math.round(s.toStream * 100) / 100,
    Math.round(s.toDashboard * 100) / 100,
  ]);
  writeFileSync(join(dir, 'sustained-messages.jsonl'), rows.map((r) => JSON.stringify(r)).join('\n') + '\n');
}
