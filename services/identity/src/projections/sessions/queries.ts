import type { Pool } from 'pg';

/** Sessions of a user that are neither ended nor expired at `now`. */
export async function liveSessionIds(pool: Pool, userId: string, now: Date): Promise<string[]> {
  const { rows } = await pool.query<{ id: string }>(
    'SELECT id FROM sessions WHERE user_id = $1 AND revoked_at IS NULL AND expires_at > $2 ORDER BY started_at',
    [userId, now],
  );
  return rows.map((r) => r.id);
}
