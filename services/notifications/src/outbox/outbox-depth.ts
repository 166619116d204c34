import type { Sample } from '@parley/metrics';
import type { Pool } from 'pg';

/** The mail outbox's depth for /metrics: mails still to send (or retry) and mails given up. */
export function outboxDepth(pool: Pool): () => Promise<Sample[]> {
  return async () => {
    const { rows } = await pool.query<{ pending: number; failed: number }>(
      `SELECT count(*) FILTER (WHERE status = 'pending')::int AS pending,
              count(*) FILTER (WHERE status = 'failed')::int AS failed
       FROM mail_outbox`,
    );
    const row = rows[0] ?? { pending: 0, failed: 0 };
    return [
      { labels: { state: 'pending' }, value: row.pending },
      { labels: { state: 'failed' }, value: row.failed },
    ];
  };
}
