import type { Logger } from '@parley/logger';
import { listenForNotify, type PgListener } from '../db/listen';
import { OUTBOX_CHANNEL } from './outbox-store';

export type OutboxListener = PgListener;

/** Names the connection in pg_stat_activity. */
export const LISTENER_APPLICATION_NAME = 'notifications-outbox-listener';

/**
 * Calls `onMail` whenever a transaction that enqueued mail commits. The sender's poll covers the
 * gaps (a dropped connection), so this only makes delivery prompt.
 */
export function listenForOutbox(
  connectionString: string,
  onMail: () => void,
  logger: Logger,
): OutboxListener {
  return listenForNotify({
    connectionString,
    channel: OUTBOX_CHANNEL,
    applicationName: LISTENER_APPLICATION_NAME,
    onNotify: onMail,
    logger,
  });
}
