import type { Pool, PoolClient } from 'pg';
import { insertDeadLetter, type DeadLetter } from './dead-letters';
import type { ProjectionKey } from './projection-key';
import { CHECKPOINTS, DEAD_LETTERS } from './schema';

export type { ProjectionKey } from './projection-key';

export async function registerCheckpoint(pool: Pool, key: ProjectionKey, stream: string): Promise<number> {
  const { rows } = await pool.query<{ position: string }>(
    `INSERT INTO ${CHECKPOINTS} (namespace, projection, stream) VALUES ($1, $2, $3)
     ON CONFLICT (namespace, projection) DO UPDATE SET stream = EXCLUDED.stream
     RETURNING position`,
    [key.namespace, key.projection, stream],
  );
  return Number(rows[0]?.position ?? 0);
}

export async function readCheckpoint(
  pool: Pool,
  key: ProjectionKey,
): Promise<{ position: number; stream: string } | undefined> {
  const { rows } = await pool.query<{ position: string; stream: string }>(
    `SELECT position, stream FROM ${CHECKPOINTS} WHERE namespace = $1 AND projection = $2`,
    [key.namespace, key.projection],
  );
  const row = rows[0];
  return row ? { position: Number(row.position), stream: row.stream } : undefined;
}

const SAFE_LITERAL = /^[A-Za-z0-9_-]*$/;

/**
 * Opens the message's transaction: locks the checkpoint row and moves it to `sequence` in one
 * statement, only if `from` (the first sequence the transaction applies; `sequence` itself
 * unless it applies several) is past it. Returns false (transaction rolled back) when the event
 * was already handled: a redelivery after a commit whose ack was lost.
 *
 * BEGIN, the commit mode and the claim travel as one simple query (one round trip instead of
 * three); the values are inlined, so they are checked to be plain tokens and an integer first.
 */
export function claim(
  tx: PoolClient,
  key: ProjectionKey,
  sequence: number,
  synchronousCommit = true,
  from = sequence,
): Promise<boolean> {
  return claimAll(tx, [key], sequence, synchronousCommit, from);
}

/**
 * As `claim`, for several projections' checkpoints in one transaction: opens it and moves every
 * one of them to `sequence` in one statement, only if each is before `from`. Returns false
 * (transaction rolled back) unless all of them moved.
 */
export async function claimAll(
  tx: PoolClient,
  keys: ProjectionKey[],
  sequence: number,
  synchronousCommit: boolean,
  from: number,
): Promise<boolean> {
  const [first] = keys;
  if (
    !first ||
    keys.some(
      (k) =>
        k.namespace !== first.namespace ||
        !SAFE_LITERAL.test(k.namespace) ||
        !SAFE_LITERAL.test(k.projection),
    ) ||
    !Number.isSafeInteger(sequence) ||
    !Number.isSafeInteger(from) ||
    from < 1 ||
    from > sequence
  ) {
    throw new RangeError(`unsafe checkpoint keys or sequence: ${JSON.stringify(keys)} ${from}-${sequence}`);
  }
  const names = keys.map((k) => `'${k.projection}'`).join(', ');
  const results = (await tx.query(
    `BEGIN; ${synchronousCommit ? '' : 'SET LOCAL synchronous_commit = off; '}` +
      `UPDATE ${CHECKPOINTS} SET position = ${sequence}, updated_at = now() ` +
      `WHERE namespace = '${first.namespace}' AND projection IN (${names}) AND position < ${from}`,
  )) as unknown as { rowCount: number | null }[];
  if (results[results.length - 1]?.rowCount === keys.length) return true;
  await tx.query('ROLLBACK');
  return false;
}

/** Parks a message that could not be applied and moves the checkpoint past it, in one transaction. */
export async function park(pool: Pool, key: ProjectionKey, letter: DeadLetter): Promise<boolean> {
  const tx = await pool.connect();
  try {
    if (!(await claim(tx, key, letter.sequence))) return false;
    await insertDeadLetter(tx, key, letter);
    await tx.query('COMMIT');
    return true;
  } catch (e) {
    await tx.query('ROLLBACK').catch(() => undefined);
    throw e;
  } finally {
    tx.release();
  }
}

export async function deleteCheckpoint(pool: Pool, key: ProjectionKey): Promise<void> {
  await pool.query(`DELETE FROM ${DEAD_LETTERS} WHERE namespace = $1 AND projection = $2`, [
    key.namespace,
    key.projection,
  ]);
  await pool.query(`DELETE FROM ${CHECKPOINTS} WHERE namespace = $1 AND projection = $2`, [
    key.namespace,
    key.projection,
  ]);
}

/**
 * Moves the checkpoint forward to `position` outside an apply transaction: for consumers that
 * apply events concurrently and keep their own per-row exactly-once guard, so the checkpoint is
 * only where a restart resumes (every event up to it is done), never what makes an apply unique.
 */
export async function advanceCheckpoint(pool: Pool, key: ProjectionKey, position: number): Promise<void> {
  await pool.query(
    `UPDATE ${CHECKPOINTS} SET position = $3, updated_at = now()
     WHERE namespace = $1 AND projection = $2 AND position < $3`,
    [key.namespace, key.projection, position],
  );
}
