import type { Pool, PoolClient } from 'pg';
import type { ClaimedMail, OutboxEntry } from './outbox-entry';

/** NOTIFY channel: a committed insert wakes the sender at once instead of at its next poll. */
export const OUTBOX_CHANNEL = 'mail_outbox';

type Queryable = Pool | PoolClient;

interface Row {
  id: string;
  template: string;
  recipient: string;
  data: Record<string, unknown>;
  sealed_secrets: Record<string, string> | null;
  expires_at: Date | null;
  attempts: number;
}

/**
 * Adds a mail inside the caller's transaction. A mail already expired is recorded as such, with
 * no secret kept, and never sent (a projection rebuilt from old events must not mail stale codes).
 * Returns false when a mail with this id exists (the event was delivered before).
 */
export async function enqueueMail(tx: PoolClient, entry: OutboxEntry, now: Date): Promise<boolean> {
  const expired = entry.expiresAt !== null && entry.expiresAt.getTime() <= now.getTime();
  const inserted = await tx.query(
    `INSERT INTO mail_outbox (id, template, recipient, data, sealed_secrets, status, expires_at, campaign_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (id) DO NOTHING`,
    [
      entry.id,
      entry.template,
      entry.recipient,
      JSON.stringify(entry.data),
      expired || entry.sealedSecrets === null ? null : JSON.stringify(entry.sealedSecrets),
      expired ? 'expired' : 'pending',
      entry.expiresAt,
      entry.campaignId ?? null,
    ],
  );
  if (inserted.rowCount === 1 && !expired)
    await tx.query('SELECT pg_notify($1, $2)', [OUTBOX_CHANNEL, entry.id]);
  return inserted.rowCount === 1;
}

/**
 * Claims up to `limit` due rows for this sender: counts the attempt and pushes the due time ahead
 * by `leaseMs`. SKIP LOCKED lets several replicas claim side by side without taking the same row.
 */
export async function claimDueMails(
  db: Queryable,
  options: { limit: number; leaseMs: number },
): Promise<ClaimedMail[]> {
  const { rows } = await db.query<Row>(
    `UPDATE mail_outbox o
        SET attempts = o.attempts + 1,
            next_attempt_at = now() + make_interval(secs => $2::double precision / 1000),
            updated_at = now()
      WHERE o.id IN (
        SELECT id FROM mail_outbox
         WHERE status = 'pending' AND next_attempt_at <= now()
         ORDER BY next_attempt_at
         LIMIT $1
         FOR UPDATE SKIP LOCKED)
      RETURNING o.id, o.template, o.recipient, o.data, o.sealed_secrets, o.expires_at, o.attempts`,
    [options.limit, options.leaseMs],
  );
  return rows.map((r) => ({
    id: r.id,
    template: r.template,
    recipient: r.recipient,
    data: r.data,
    sealedSecrets: r.sealed_secrets,
    expiresAt: r.expires_at,
    attempts: r.attempts,
  }));
}

/** Ends a row's life; the sealed secret is erased with it. Only a pending row changes. */
async function finish(
  db: Queryable,
  id: string,
  status: 'sent' | 'expired' | 'failed' | 'suppressed',
  error: string | null,
): Promise<void> {
  await db.query(
    `UPDATE mail_outbox
        SET status = $2, sealed_secrets = NULL, last_error = $3, updated_at = now(),
            sent_at = CASE WHEN $2 = 'sent' THEN now() ELSE NULL END
      WHERE id = $1 AND status = 'pending'`,
    [id, status, error],
  );
}

export const markSent = (db: Queryable, id: string) => finish(db, id, 'sent', null);
export const markExpired = (db: Queryable, id: string) => finish(db, id, 'expired', null);
/** A campaign mail whose recipient unsubscribed after the campaign went out: never sent. */
export const markSuppressed = (db: Queryable, id: string) => finish(db, id, 'suppressed', null);
export const markFailed = (db: Queryable, id: string, error: string) => finish(db, id, 'failed', error);

export async function scheduleRetry(
  db: Queryable,
  id: string,
  delayMs: number,
  error: string,
): Promise<void> {
  await db.query(
    `UPDATE mail_outbox
        SET next_attempt_at = now() + make_interval(secs => $2::double precision / 1000), last_error = $3, updated_at = now()
      WHERE id = $1 AND status = 'pending'`,
    [id, delayMs, error],
  );
}

/** Milliseconds until the next pending row is due (0 if one is due now), or null when none is pending. */
export async function msUntilNextDue(db: Queryable): Promise<number | null> {
  const { rows } = await db.query<{ ms: string | null }>(
    `SELECT GREATEST(0, EXTRACT(EPOCH FROM (min(next_attempt_at) - now())) * 1000)::bigint AS ms
       FROM mail_outbox WHERE status = 'pending'`,
  );
  const ms = rows[0]?.ms;
  return ms === null || ms === undefined ? null : Number(ms);
}
