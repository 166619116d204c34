import type { InAppNotification, NotificationType } from '@parley/contracts';
import type { Pool, PoolClient } from 'pg';
import { ANNOUNCE_WITHIN_MS, isPastRetention, type NewNotification } from '../domain/in-app/notification';

/** NOTIFY channel: a committed insert wakes the announcer at once instead of at its next poll. */
export const IN_APP_CHANNEL = 'in_app_notifications';

type Queryable = Pool | PoolClient;

/** Whose notifications a call may see: the caller's user, within the caller's account. */
export interface Recipient {
  userId: string;
  accountId: string;
}

interface Row {
  id: string;
  user_id: string;
  type: NotificationType;
  message: string;
  domain_id: string | null;
  room_id: string | null;
  read_at: Date | null;
  created_at: Date;
}

export interface StoredNotification extends InAppNotification {
  userId: string;
}

const COLUMNS = 'id, user_id, type, message, domain_id, room_id, read_at, created_at';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function fromRow(r: Row): StoredNotification {
  return {
    id: r.id,
    userId: r.user_id,
    type: r.type,
    message: r.message,
    read: r.read_at !== null,
    createdAt: r.created_at.toISOString(),
    domainId: r.domain_id,
    roomId: r.room_id,
  };
}

/**
 * Adds a notification inside the projection's transaction and, if it is new, wakes the announcer
 * on commit. Returns false when its event was applied before (a redelivery or a replay), even if
 * the notification has since been read and cleaned up or removed with its domain.
 * `announced` marks it as not to be pushed (too old to be news).
 */
async function insertNotification(
  tx: PoolClient,
  n: NewNotification,
  options: { announced: Date | null },
): Promise<boolean> {
  const first = await tx.query(
    'INSERT INTO in_app_notification_sources (source_event_id) VALUES ($1) ON CONFLICT DO NOTHING',
    [n.sourceEventId],
  );
  if (first.rowCount !== 1) return false;
  await tx.query(
    `INSERT INTO in_app_notifications
       (source_event_id, account_id, user_id, type, message, domain_id, room_id, created_at, announced_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      n.sourceEventId,
      n.accountId,
      n.userId,
      n.type,
      n.message,
      n.domainId,
      n.roomId,
      n.createdAt,
      options.announced,
    ],
  );
  if (!options.announced) await tx.query('SELECT pg_notify($1, $2)', [IN_APP_CHANNEL, '']);
  return true;
}

/**
 * Adds a notification a projection derived from an event, as of `now`. One already past
 * retention adds nothing (cleanup would have removed it; a replay must not bring it back); one
 * older than ANNOUNCE_WITHIN_MS (a replay, a long outage) is stored without a push, and so is
 * every one with `neverPush` (a type the bell does not show). False when nothing was added.
 */
export async function recordNotification(
  tx: PoolClient,
  n: NewNotification,
  now: Date,
  options: { neverPush?: boolean } = {},
): Promise<boolean> {
  if (isPastRetention(n.createdAt, now)) return false;
  const fresh = now.getTime() - n.createdAt.getTime() <= ANNOUNCE_WITHIN_MS;
  return insertNotification(tx, n, { announced: fresh && !options.neverPush ? null : now });
}

/** A deleted domain's notifications go with it (its setup wizard can no longer open). */
export async function deleteDomainNotifications(
  tx: PoolClient,
  accountId: string,
  domainId: string,
): Promise<number> {
  const deleted = await tx.query(
    'DELETE FROM in_app_notifications WHERE account_id = $1 AND domain_id = $2',
    [accountId, domainId],
  );
  return deleted.rowCount ?? 0;
}

/** The recipient's notifications of `types`, newest first, and how many of those are unread. */
export async function notificationsOf(
  db: Queryable,
  recipient: Recipient,
  types: readonly NotificationType[],
): Promise<{ notifications: StoredNotification[]; unreadCount: number }> {
  const { rows } = await db.query<Row>(
    `SELECT ${COLUMNS} FROM in_app_notifications
     WHERE user_id = $1 AND account_id = $2 AND type = ANY($3)
     ORDER BY created_at DESC, id DESC`,
    [recipient.userId, recipient.accountId, types],
  );
  const notifications = rows.map(fromRow);
  return { notifications, unreadCount: notifications.filter((n) => !n.read).length };
}

/** Marks one read (keeping the first read time); null when it is not the recipient's. */
export async function markRead(
  db: Queryable,
  recipient: Recipient,
  id: string,
  now: Date,
): Promise<StoredNotification | null> {
  if (!UUID.test(id)) return null;
  const { rows } = await db.query<Row>(
    `UPDATE in_app_notifications SET read_at = COALESCE(read_at, $4)
     WHERE id = $1 AND user_id = $2 AND account_id = $3
     RETURNING ${COLUMNS}`,
    [id, recipient.userId, recipient.accountId, now],
  );
  return rows[0] ? fromRow(rows[0]) : null;
}

/** Marks every unread notification of the recipient read; returns how many changed. */
export async function markAllRead(db: Queryable, recipient: Recipient, now: Date): Promise<number> {
  const updated = await db.query(
    `UPDATE in_app_notifications SET read_at = $3
     WHERE user_id = $1 AND account_id = $2 AND read_at IS NULL`,
    [recipient.userId, recipient.accountId, now],
  );
  return updated.rowCount ?? 0;
}

/** Removes the recipient's notifications read before `readBefore` or created before `createdBefore`. */
export async function removeOldNotifications(
  db: Queryable,
  recipient: Recipient,
  cutoffs: { readBefore: Date; createdBefore: Date },
): Promise<number> {
  const deleted = await db.query(
    `DELETE FROM in_app_notifications
     WHERE user_id = $1 AND account_id = $2 AND (read_at < $3 OR created_at < $4)`,
    [recipient.userId, recipient.accountId, cutoffs.readBefore, cutoffs.createdBefore],
  );
  return deleted.rowCount ?? 0;
}

/**
 * Claims up to `limit` notifications not yet announced, in the caller's transaction, skipping rows
 * another replica is announcing: each is announced by one replica.
 */
export async function claimUnannounced(tx: PoolClient, limit: number): Promise<StoredNotification[]> {
  const { rows } = await tx.query<Row>(
    `SELECT ${COLUMNS} FROM in_app_notifications
     WHERE announced_at IS NULL ORDER BY created_at, id LIMIT $1 FOR UPDATE SKIP LOCKED`,
    [limit],
  );
  return rows.map(fromRow);
}

export async function markAnnounced(tx: PoolClient, ids: string[], now: Date): Promise<void> {
  await tx.query('UPDATE in_app_notifications SET announced_at = $2 WHERE id = ANY($1::uuid[])', [ids, now]);
}
