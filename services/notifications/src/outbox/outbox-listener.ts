import { Client } from 'pg';
import type { Logger } from '@parley/logger';
import { OUTBOX_CHANNEL } from './outbox-store';

export interface OutboxListener {
  stop(): Promise<void>;
}

const RECONNECT_MS = 1000;
/** Names the connection in pg_stat_activity. */
export const LISTENER_APPLICATION_NAME = 'notifications-outbox-listener';

/**
 * Calls `onMail` whenever a transaction that enqueued mail commits (NOTIFY is delivered on
 * commit). A dedicated connection, re-opened when it drops; `onMail` also runs after each
 * (re)connect, since notifications sent while disconnected are lost. The sender's poll covers
 * the gaps either way, so this only makes delivery prompt.
 */
export function listenForOutbox(
  connectionString: string,
  onMail: () => void,
  logger: Logger,
): OutboxListener {
  let stopped = false;
  let client: Client | undefined;
  let retry: NodeJS.Timeout | undefined;

  const connect = async () => {
    const c = new Client({ connectionString, application_name: LISTENER_APPLICATION_NAME });
    client = c;
    c.on('notification', () => onMail());
    c.on('error', (e) => {
      logger.warn({ err: e }, 'outbox listener connection lost');
      void c.end().catch(() => undefined);
    });
    // Ended by an error or by the server: listen again on a new connection.
    c.on('end', () => {
      if (client === c) schedule();
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${OUTBOX_CHANNEL}`);
      if (stopped) await c.end();
      else onMail();
    } catch (e) {
      logger.warn({ err: e }, 'outbox listener could not connect; retrying');
      void c.end().catch(() => undefined);
      schedule();
    }
  };

  const schedule = () => {
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, RECONNECT_MS);
  };

  void connect();

  return {
    stop: async () => {
      stopped = true;
      if (retry) clearTimeout(retry);
      await client?.end().catch(() => undefined);
    },
  };
}
