import { NOTIFICATION_TYPES, type InAppNotification, notificationsError } from '@parley/contracts';
import type { Pool } from 'pg';
import { cleanupCutoffs } from '../../domain/in-app/notification';
import {
  markAllRead,
  markRead,
  notificationsOf,
  removeOldNotifications,
  type Recipient,
  type StoredNotification,
} from '../../in-app/notification-store';

/** What the in-app notification handlers use; wired once in start.ts. */
export interface InboxDeps {
  pool: Pool;
  /** Read times and the cleanup's cutoffs; tests move it across the retention periods. */
  clock: () => Date;
}

/** The caller as the gateway passes it (from the verified access token). */
export interface CallerFacts {
  userId?: string;
  accountId?: string;
}

export const NOTIFICATION_NOT_FOUND = 'Notification not found';

/** Every call needs a user and an account: without them there is nothing it may see. */
export function recipientOf(caller: CallerFacts | null | undefined): Recipient {
  const userId = caller?.userId?.trim();
  const accountId = caller?.accountId?.trim();
  if (!userId || !accountId)
    throw notificationsError('unauthenticated', 'The call names no caller', 'UNAUTHENTICATED');
  return { userId, accountId };
}

const shown = ({ userId: _userId, ...notification }: StoredNotification): InAppNotification => notification;

export async function listNotifications(deps: InboxDeps, caller: CallerFacts | null | undefined) {
  const { notifications, unreadCount } = await notificationsOf(
    deps.pool,
    recipientOf(caller),
    NOTIFICATION_TYPES,
  );
  return { notifications: notifications.map(shown), unreadCount };
}

export async function markNotificationRead(
  deps: InboxDeps,
  caller: CallerFacts | null | undefined,
  id: string,
): Promise<InAppNotification> {
  const updated = await markRead(deps.pool, recipientOf(caller), id, deps.clock());
  if (!updated) throw notificationsError('not_found', NOTIFICATION_NOT_FOUND, 'NOTIFICATION_NOT_FOUND');
  return shown(updated);
}

export function markAllNotificationsRead(
  deps: InboxDeps,
  caller: CallerFacts | null | undefined,
): Promise<number> {
  return markAllRead(deps.pool, recipientOf(caller), deps.clock());
}

/** Read more than 30 days ago, or older than 90 days: see docs/api/notifications.md. */
export function cleanupNotifications(
  deps: InboxDeps,
  caller: CallerFacts | null | undefined,
): Promise<number> {
  return removeOldNotifications(deps.pool, recipientOf(caller), cleanupCutoffs(deps.clock()));
}
