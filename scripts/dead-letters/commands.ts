// The dead-letters command's two jobs over every target database: list what is parked, and ask
// for replays and wait for their outcome. Output is plain text lines (format.ts).
import { listDeadLetters, replayProgress, requestReplay, type ParkedLetter } from '@parley/projections';
import { Pool } from 'pg';
import type { Target } from './targets';

export type TargetLetters =
  | { target: Target; kind: 'letters'; letters: ParkedLetter[] }
  | { target: Target; kind: 'no-database' }
  | { target: Target; kind: 'unreachable'; error: string };

const UNDEFINED_DATABASE = '3D000';
const UNDEFINED_TABLE = '42P01';

async function withPool<T>(target: Target, work: (pool: Pool) => Promise<T>): Promise<T> {
  const pool = new Pool({ connectionString: target.url, max: 1, connectionTimeoutMillis: 5_000 });
  pool.on('error', () => undefined);
  try {
    return await work(pool);
  } finally {
    await pool.end().catch(() => undefined);
  }
}

/** Every target's dead letters not replayed yet. */
export async function listAll(targets: Target[]): Promise<TargetLetters[]> {
  return Promise.all(
    targets.map(async (target): Promise<TargetLetters> => {
      try {
        return { target, kind: 'letters', letters: await withPool(target, listDeadLetters) };
      } catch (e) {
        const code = (e as { code?: string }).code;
        // The service has not run yet (no database), or ran before it had projections (no table).
        if (code === UNDEFINED_DATABASE) return { target, kind: 'no-database' };
        if (code === UNDEFINED_TABLE) return { target, kind: 'letters', letters: [] };
        return { target, kind: 'unreachable', error: (e as Error).message };
      }
    }),
  );
}

/** `conversations/12` or `12`. */
export interface LetterRef {
  service?: string;
  id: number;
}

export function parseLetterRef(text: string): LetterRef {
  const m = /^(?:([a-z]+)\/)?([1-9][0-9]{0,15})$/.exec(text.trim());
  if (!m) throw new Error(`"${text}" is not a dead letter id (<service>/<id>, e.g. conversations/12)`);
  return { service: m[1], id: Number(m[2]) };
}

export type ReplayOutcome =
  | { ref: string; kind: 'replayed' }
  | { ref: string; kind: 'already-replayed'; replayedAt: Date }
  | { ref: string; kind: 'failed'; error: string; attempts: number }
  | { ref: string; kind: 'waiting'; projection: string }
  | { ref: string; kind: 'missing'; reason: string };

export interface ReplayOptions {
  /** How long to wait for the service's runner to take the replay up. */
  waitMs: number;
  pollMs?: number;
}

/**
 * Asks for the replay of dead letter `ref` and waits for its runner's outcome. A letter named
 * without its service is looked for in every target, and must be in exactly one.
 */
export async function replay(targets: Target[], text: string, o: ReplayOptions): Promise<ReplayOutcome> {
  const ref = parseLetterRef(text);
  const candidates = ref.service ? targets.filter((t) => t.service === ref.service) : targets;
  if (ref.service && candidates.length === 0)
    return { ref: text, kind: 'missing', reason: `${ref.service} is not a service with a database here` };
  const holding: Target[] = [];
  for (const target of candidates) {
    const found = await withPool(target, async (pool) => {
      const { rows } = await pool.query('SELECT 1 FROM projection_dead_letters WHERE id = $1', [ref.id]);
      return rows.length > 0;
    }).catch(() => false);
    if (found) holding.push(target);
  }
  if (holding.length === 0) return { ref: text, kind: 'missing', reason: 'no such dead letter' };
  if (holding.length > 1)
    return {
      ref: text,
      kind: 'missing',
      reason: `ambiguous: name one of ${holding.map((t) => `${t.service}/${ref.id}`).join(', ')}`,
    };
  const target = holding[0]!;
  const qualified = `${target.service}/${ref.id}`;
  return withPool(target, async (pool) => {
    const asked = await requestReplay(pool, ref.id);
    if (asked.kind === 'missing') return { ref: qualified, kind: 'missing', reason: 'no such dead letter' };
    if (asked.kind === 'already-replayed')
      return { ref: qualified, kind: 'already-replayed', replayedAt: asked.replayedAt };
    const deadline = Date.now() + o.waitMs;
    for (;;) {
      const progress = await replayProgress(pool, ref.id, asked.requestedAt);
      if (progress.kind === 'replayed') return { ref: qualified, kind: 'replayed' };
      if (progress.kind === 'failed')
        return { ref: qualified, kind: 'failed', error: progress.error, attempts: progress.attempts };
      if (progress.kind === 'missing')
        return {
          ref: qualified,
          kind: 'missing',
          reason: 'the dead letter is gone (its projection was reset)',
        };
      if (Date.now() >= deadline)
        return { ref: qualified, kind: 'waiting', projection: asked.letter.projection };
      await new Promise((r) => setTimeout(r, o.pollMs ?? 250));
    }
  });
}
