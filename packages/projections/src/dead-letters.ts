import type { Pool, PoolClient, QueryResult, QueryResultRow } from 'pg';
import type { ProjectionKey } from './projection-key';
import { CHECKPOINTS, DEAD_LETTERS } from './schema';
import { storableText } from './storable';

export interface DeadLetter {
  sequence: number;
  subject: string;
  eventType: string | undefined;
  payload: string;
  error: string;
  attempts: number;
}

/**
 * Records a message given up on. Parked again (the same sequence), it is a fresh dead letter:
 * its error and attempts replace the old ones and an earlier replay no longer counts.
 */
export async function insertDeadLetter(
  db: Pool | PoolClient,
  key: ProjectionKey,
  letter: DeadLetter,
): Promise<void> {
  await db.query(
    `INSERT INTO ${DEAD_LETTERS} (namespace, projection, stream_sequence, subject, event_type, payload, error, attempts)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (namespace, projection, stream_sequence)
     DO UPDATE SET error = EXCLUDED.error, attempts = EXCLUDED.attempts, parked_at = now(),
                   replay_requested_at = NULL, replayed_at = NULL`,
    [
      key.namespace,
      key.projection,
      letter.sequence,
      // Stored as text: whatever the message or the error holds must not make parking fail too.
      storableText(letter.subject),
      letter.eventType === undefined ? null : storableText(letter.eventType),
      storableText(letter.payload),
      storableText(letter.error),
      letter.attempts,
    ],
  );
}

/** A dead letter an operator asked to replay. */
export interface ReplayRequest {
  id: number;
  sequence: number;
}

/** What runs a query: a pool, a client, or the leader lock's own connection. */
export interface Queryable {
  query<R extends QueryResultRow>(text: string, values?: unknown[]): Promise<QueryResult<R>>;
}

/** The projection's dead letters waiting for a replay, oldest event first. */
export async function requestedReplays(
  db: Queryable,
  key: ProjectionKey,
  limit = 50,
): Promise<ReplayRequest[]> {
  const { rows } = await db.query<{ id: string; stream_sequence: string }>(
    `SELECT id, stream_sequence FROM ${DEAD_LETTERS}
     WHERE namespace = $1 AND projection = $2 AND replay_requested_at IS NOT NULL AND replayed_at IS NULL
     ORDER BY stream_sequence LIMIT $3`,
    [key.namespace, key.projection, limit],
  );
  return rows.map((r) => ({ id: Number(r.id), sequence: Number(r.stream_sequence) }));
}

/**
 * Runs `apply` for the requested dead letter `id` and marks it replayed, in one transaction that
 * first locks the projection's checkpoint row: it waits for the runner's transaction in flight
 * and the runner's next one waits for it, so the replay is applied between two of the runner's
 * events, never beside one. Returns false, having applied nothing, when the letter is no longer
 * waiting (replayed meanwhile by another replica, or its request withdrawn).
 */
export async function replayInTransaction(
  pool: Pool,
  key: ProjectionKey,
  id: number,
  apply: (tx: PoolClient) => Promise<void>,
): Promise<boolean> {
  const tx = await pool.connect();
  let broken = false;
  try {
    await tx.query('BEGIN');
    await tx.query(`SELECT 1 FROM ${CHECKPOINTS} WHERE namespace = $1 AND projection = $2 FOR UPDATE`, [
      key.namespace,
      key.projection,
    ]);
    const waiting = await tx.query(
      `SELECT 1 FROM ${DEAD_LETTERS}
       WHERE id = $1 AND namespace = $2 AND projection = $3 AND replay_requested_at IS NOT NULL AND replayed_at IS NULL
       FOR UPDATE`,
      [id, key.namespace, key.projection],
    );
    if (waiting.rowCount === 0) {
      await tx.query('ROLLBACK');
      return false;
    }
    await apply(tx);
    await markReplayed(tx, id);
    await tx.query('COMMIT');
    return true;
  } catch (e) {
    await tx.query('ROLLBACK').catch(() => (broken = true));
    throw e;
  } finally {
    tx.release(broken);
  }
}

export async function markReplayed(db: Pool | PoolClient, id: number): Promise<void> {
  await db.query(
    `UPDATE ${DEAD_LETTERS} SET replayed_at = now(), replay_requested_at = NULL WHERE id = $1 AND replayed_at IS NULL`,
    [id],
  );
}

/** The replay failed: the letter stays parked with the new error, and waits for another request. */
export async function recordReplayFailure(pool: Pool, id: number, error: string): Promise<void> {
  await pool.query(
    `UPDATE ${DEAD_LETTERS}
     SET error = $2, attempts = attempts + 1, parked_at = now(), replay_requested_at = NULL
     WHERE id = $1 AND replayed_at IS NULL`,
    [id, storableText(error)],
  );
}

/** Every projection of `namespace` in this database with how many of its dead letters are not replayed. */
export async function deadLetterCounts(
  pool: Pool,
  namespace: string,
): Promise<{ projection: string; count: number }[]> {
  const { rows } = await pool.query<{ projection: string; count: number }>(
    `SELECT c.projection, count(d.id)::int AS count
     FROM ${CHECKPOINTS} c
     LEFT JOIN ${DEAD_LETTERS} d
       ON d.namespace = c.namespace AND d.projection = c.projection AND d.replayed_at IS NULL
     WHERE c.namespace = $1
     GROUP BY c.projection ORDER BY c.projection`,
    [namespace],
  );
  return rows;
}

/** What an Error says, as a dead letter keeps it. */
export function errorText(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
