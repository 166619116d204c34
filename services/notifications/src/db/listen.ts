import { Client } from 'pg';
import type { Logger } from '@parley/logger';

export interface PgListener {
  stop(): Promise<void>;
}

const RECONNECT_MS = 1000;

/**
 * Calls `onNotify` whenever a transaction that ran `pg_notify(channel, ...)` commits (NOTIFY is
 * delivered on commit). A dedicated connection, re-opened when it drops; `onNotify` also runs
 * after each (re)connect, since notifications sent while disconnected are lost. Whoever is woken
 * must also poll: this only makes the work prompt.
 */
export function listenForNotify(options: {
  connectionString: string;
  channel: string;
  /** Names the connection in pg_stat_activity. */
  applicationName: string;
  onNotify: () => void;
  logger: Logger;
}): PgListener {
  const { connectionString, channel, applicationName, onNotify, logger } = options;
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new RangeError(`not a plain channel name: ${channel}`);
  let stopped = false;
  let client: Client | undefined;
  let retry: NodeJS.Timeout | undefined;

  const connect = async () => {
    const c = new Client({ connectionString, application_name: applicationName });
    client = c;
    c.on('notification', () => onNotify());
    c.on('error', (e) => {
      logger.warn({ err: e, channel }, 'listener connection lost');
      void c.end().catch(() => undefined);
    });
    // Ended by an error or by the server: listen again on a new connection.
    c.on('end', () => {
      if (client === c) schedule();
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${channel}`);
      if (stopped) await c.end();
      else onNotify();
    } catch (e) {
      logger.warn({ err: e, channel }, 'listener could not connect; retrying');
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
