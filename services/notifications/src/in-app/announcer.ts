import { realtimeUserSubject } from '@parley/contracts';
import { withTransaction } from '@parley/db';
import type { Logger } from '@parley/logger';
import type { NatsConnection } from 'nats';
import type { Pool } from 'pg';
import { ANNOUNCE_WITHIN_MS } from '../domain/in-app/notification';
import { claimUnannounced, markAnnounced } from './notification-store';

export interface Announcer {
  /** Announce what is waiting now (a committed insert's NOTIFY calls this). */
  wake(): void;
  stop(): Promise<void>;
}

const BATCH = 100;
/** A flush waits for a reconnect; the claimed rows' transaction should not wait with it. */
const FLUSH_TIMEOUT_MS = 5000;

async function flushWithin(nc: NatsConnection, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      nc.flush(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`NATS flush took longer than ${ms} ms`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Pushes new notifications to the gateways: one core NATS message per notification on
 * `<ns>.realtime.user.<userId>`, carrying the notification as the API shows it. Rows are claimed
 * with SKIP LOCKED and marked in the same transaction, committed after NATS has acknowledged the
 * publishes (flush), so each is announced by one replica, and again only if that replica dies
 * between the flush and the commit. A push is a hint: the list stays the truth for anything
 * missed while no gateway listened.
 */
export function startAnnouncer(options: {
  pool: Pool;
  nc: NatsConnection;
  namespace?: string;
  logger: Logger;
  clock: () => Date;
  /** Fallback poll, for a NOTIFY lost while the listener reconnected. */
  pollIntervalMs: number;
}): Announcer {
  const { pool, nc, namespace, logger, clock } = options;
  const encoder = new TextEncoder();
  let stopped = false;
  let running: Promise<void> | undefined;
  let again = false;

  const announceBatch = () =>
    withTransaction(pool, async (tx) => {
      const claimed = await claimUnannounced(tx, BATCH);
      if (claimed.length === 0) return 0;
      const now = clock();
      for (const { userId, ...notification } of claimed) {
        if (now.getTime() - new Date(notification.createdAt).getTime() > ANNOUNCE_WITHIN_MS) continue;
        nc.publish(realtimeUserSubject(userId, namespace), encoder.encode(JSON.stringify(notification)));
      }
      await flushWithin(nc, FLUSH_TIMEOUT_MS);
      await markAnnounced(
        tx,
        claimed.map((n) => n.id),
        now,
      );
      return claimed.length;
    });

  const drain = async () => {
    do {
      again = false;
      try {
        while (!stopped && (await announceBatch()) === BATCH);
      } catch (e) {
        if (!stopped) logger.warn({ err: e }, 'announcing notifications failed; retrying at the next poll');
      }
    } while (again && !stopped);
  };

  const wake = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = drain().finally(() => {
      running = undefined;
      if (again) wake();
    });
  };

  const timer = setInterval(wake, options.pollIntervalMs);
  timer.unref();
  wake();

  return {
    wake,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
