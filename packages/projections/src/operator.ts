import type { Pool } from 'pg';
import { DEAD_LETTERS } from './schema';

/** A dead letter as an operator sees it (npm run dead-letters -- list). */
export interface ParkedLetter {
  id: number;
  namespace: string;
  projection: string;
  sequence: number;
  subject: string;
  eventType: string | null;
  error: string;
  attempts: number;
  parkedAt: Date;
  /** When a replay was asked for and no runner has taken it up yet; null otherwise. */
  replayRequestedAt: Date | null;
}

interface LetterRow {
  id: string;
  namespace: string;
  projection: string;
  stream_sequence: string;
  subject: string;
  event_type: string | null;
  error: string;
  attempts: number;
  parked_at: Date;
  replay_requested_at: Date | null;
  replayed_at: Date | null;
}

const COLUMNS =
  'id, namespace, projection, stream_sequence, subject, event_type, error, attempts, parked_at, replay_requested_at, replayed_at';

const letterOf = (r: LetterRow): ParkedLetter => ({
  id: Number(r.id),
  namespace: r.namespace,
  projection: r.projection,
  sequence: Number(r.stream_sequence),
  subject: r.subject,
  eventType: r.event_type,
  error: r.error,
  attempts: r.attempts,
  parkedAt: r.parked_at,
  replayRequestedAt: r.replay_requested_at,
});

/** The dead letters not replayed yet, of every namespace in this database, oldest first. */
export async function listDeadLetters(pool: Pool): Promise<ParkedLetter[]> {
  const { rows } = await pool.query<LetterRow>(
    `SELECT ${COLUMNS} FROM ${DEAD_LETTERS} WHERE replayed_at IS NULL ORDER BY parked_at, id`,
  );
  return rows.map(letterOf);
}

export type ReplayRequestOutcome =
  | { kind: 'requested'; letter: ParkedLetter; requestedAt: Date }
  | { kind: 'already-replayed'; replayedAt: Date }
  | { kind: 'missing' };

/**
 * Asks the runner of the letter's projection to apply its event again. Asking for a letter that
 * was replayed already changes nothing (a replay is applied once), so asking twice is safe.
 */
export async function requestReplay(pool: Pool, id: number): Promise<ReplayRequestOutcome> {
  const { rows } = await pool.query<LetterRow>(
    `UPDATE ${DEAD_LETTERS} SET replay_requested_at = clock_timestamp()
     WHERE id = $1 AND replayed_at IS NULL RETURNING ${COLUMNS}`,
    [id],
  );
  const row = rows[0];
  if (row) return { kind: 'requested', letter: letterOf(row), requestedAt: row.replay_requested_at! };
  const done = await pool.query<{ replayed_at: Date }>(
    `SELECT replayed_at FROM ${DEAD_LETTERS} WHERE id = $1`,
    [id],
  );
  return done.rows[0]
    ? { kind: 'already-replayed', replayedAt: done.rows[0].replayed_at }
    : { kind: 'missing' };
}

export type ReplayProgress =
  | { kind: 'replayed'; replayedAt: Date }
  | { kind: 'failed'; error: string; attempts: number }
  | { kind: 'waiting' }
  | { kind: 'missing' };

/** Where the replay asked for at `requestedAt` stands. */
export async function replayProgress(pool: Pool, id: number, requestedAt: Date): Promise<ReplayProgress> {
  const { rows } = await pool.query<LetterRow>(`SELECT ${COLUMNS} FROM ${DEAD_LETTERS} WHERE id = $1`, [id]);
  const row = rows[0];
  if (!row) return { kind: 'missing' };
  if (row.replayed_at) return { kind: 'replayed', replayedAt: row.replayed_at };
  // The runner withdrew the request and parked the letter again: the replay failed.
  if (!row.replay_requested_at && row.parked_at >= requestedAt)
    return { kind: 'failed', error: row.error, attempts: row.attempts };
  return { kind: 'waiting' };
}
