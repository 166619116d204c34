import type { Pool } from 'pg';

export const CHECKPOINTS = 'projection_checkpoints';
export const DEAD_LETTERS = 'projection_dead_letters';

/** Arbitrary, fixed: serialises schema creation between replicas starting together. */
const SCHEMA_LOCK = 727275;

/**
 * Checkpoints and dead letters live in the read model's own database, so a projection's writes
 * and its checkpoint commit in one transaction.
 */
export async function ensureProjectionSchema(pool: Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [SCHEMA_LOCK]);
    await client.query(`
      CREATE TABLE IF NOT EXISTS ${CHECKPOINTS} (
        namespace  text        NOT NULL DEFAULT '',
        projection text        NOT NULL,
        stream     text        NOT NULL,
        position   bigint      NOT NULL DEFAULT 0 CHECK (position >= 0),
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (namespace, projection)
      );
      CREATE TABLE IF NOT EXISTS ${DEAD_LETTERS} (
        id              bigserial   PRIMARY KEY,
        namespace       text        NOT NULL DEFAULT '',
        projection      text        NOT NULL,
        stream_sequence bigint      NOT NULL,
        subject         text        NOT NULL,
        event_type      text,
        payload         text        NOT NULL,
        error           text        NOT NULL,
        attempts        integer     NOT NULL,
        parked_at       timestamptz NOT NULL DEFAULT now(),
        UNIQUE (namespace, projection, stream_sequence)
      );
      -- An operator's replay (npm run dead-letters): asked for, then applied by the active runner.
      ALTER TABLE ${DEAD_LETTERS}
        ADD COLUMN IF NOT EXISTS replay_requested_at timestamptz,
        ADD COLUMN IF NOT EXISTS replayed_at         timestamptz;`);
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [SCHEMA_LOCK]).catch(() => undefined);
    client.release();
  }
}
