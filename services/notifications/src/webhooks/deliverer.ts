import type { Logger } from '@parley/logger';
import type { Pool } from 'pg';
import { fetch, type Dispatcher } from 'undici';
import { isPrivateHost } from '../app/webhooks/private-address';
import {
  deliveryExpired,
  endpointGivenUp,
  retryDelayMs,
  type WebhookRetryPolicy,
} from '../domain/webhooks/retry';
import { signatureHeader } from '../domain/webhooks/signature';
import { recordNotification } from '../in-app/notification-store';
import { publicOnlyAgent } from './public-only';

const BATCH = 20;
/** A claimed delivery is someone else's for this long: a crash mid-send lets another try again. */
const LEASE_MS = 120_000;

interface Claimed {
  id: string;
  endpoint_id: string;
  event_id: string;
  event_type: string;
  body: string;
  attempts: number;
  created_at: Date;
  url: string;
  secret: string;
  account_id: string;
}

export interface WebhookDeliverer {
  /** A delivery is due now (LISTEN/NOTIFY, a resend): look at once instead of at the next poll. */
  wake(): void;
  stop(): Promise<void>;
}

export interface WebhookDelivererOptions {
  pool: Pool;
  policy: WebhookRetryPolicy;
  pollIntervalMs: number;
  timeoutMs: number;
  /** Endpoints on this machine or a private network are sent to (local tests); off in production. */
  allowPrivateUrls: boolean;
  logger: Logger;
  clock?: () => Date;
}

/** Why a request failed: fetch's own message is "fetch failed", its cause says what happened. */
const failureOf = (error: unknown): string => {
  const e = error as Error & { cause?: Error };
  return (e.cause?.message ? `${e.message}: ${e.cause.message}` : e.message).slice(0, 300);
};

/** What one attempt came to: the status the endpoint answered (0 for none) and why it failed. */
async function send(
  c: Claimed,
  timeoutMs: number,
  now: Date,
  dispatcher: Dispatcher | undefined,
): Promise<{ ok: boolean; status: number; error: string | null }> {
  // An address written as an IP is never looked up, so the agent's check does not see it; an
  // endpoint saved while private addresses were allowed is refused here as well.
  if (dispatcher && isPrivateHost(c.url))
    return { ok: false, status: 0, error: 'the address is on this machine or a private network' };
  try {
    const res = await fetch(c.url, {
      method: 'POST',
      redirect: 'manual',
      ...(dispatcher ? { dispatcher } : {}),
      signal: AbortSignal.timeout(timeoutMs),
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Parley-Webhooks/1',
        'parley-event-id': c.event_id,
        'parley-event-type': c.event_type,
        'parley-signature': signatureHeader(c.secret, c.body, Math.floor(now.getTime() / 1000)),
      },
      body: c.body,
    });
    await res.body?.cancel();
    const ok = res.status >= 200 && res.status < 300;
    return { ok, status: res.status, error: ok ? null : `HTTP ${res.status}` };
  } catch (error) {
    return { ok: false, status: 0, error: failureOf(error) };
  }
}

/**
 * Sends due deliveries, signed, and keeps each one's log: delivered, or retried with exponential
 * back-off until the window ends (failed). An endpoint failing for the whole window is disabled
 * and its owner gets WEBHOOK_DISABLED in the bell.
 */
export function startWebhookDeliverer(options: WebhookDelivererOptions): WebhookDeliverer {
  const { pool, policy, logger } = options;
  const clock = options.clock ?? (() => new Date());
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  const dispatcher = options.allowPrivateUrls ? undefined : publicOnlyAgent();

  async function claim(now: Date): Promise<Claimed[]> {
    const { rows } = await pool.query<Claimed>(
      `WITH due AS (
         SELECT d.id FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
         WHERE d.status = 'pending' AND d.next_attempt_at <= $1 AND e.enabled
         ORDER BY d.next_attempt_at, d.created_at LIMIT $2
         FOR UPDATE OF d SKIP LOCKED)
       UPDATE webhook_deliveries d SET next_attempt_at = $3
       FROM due, webhook_endpoints e
       WHERE d.id = due.id AND e.id = d.endpoint_id
       RETURNING d.id, d.endpoint_id, d.event_id, d.event_type, d.body, d.attempts, d.created_at,
                 e.url, e.secret, e.account_id`,
      [now, BATCH, new Date(now.getTime() + LEASE_MS)],
    );
    return rows;
  }

  async function record(
    c: Claimed,
    outcome: { ok: boolean; status: number; error: string | null },
    now: Date,
  ) {
    const attempts = c.attempts + 1;
    if (outcome.ok) {
      await pool.query(
        `UPDATE webhook_deliveries SET status = 'delivered', attempts = $2, last_status = $3, last_error = NULL,
           delivered_at = $4 WHERE id = $1`,
        [c.id, attempts, outcome.status, now],
      );
      await pool.query('UPDATE webhook_endpoints SET failing_since = NULL WHERE id = $1', [c.endpoint_id]);
      return;
    }
    const expired = deliveryExpired(policy, c.created_at, now);
    await pool.query(
      `UPDATE webhook_deliveries SET status = $2, attempts = $3, last_status = $4, last_error = $5,
         next_attempt_at = $6 WHERE id = $1`,
      [
        c.id,
        expired ? 'failed' : 'pending',
        attempts,
        outcome.status || null,
        outcome.error,
        new Date(now.getTime() + retryDelayMs(policy, attempts)),
      ],
    );
    const { rows } = await pool.query<{ failing_since: Date }>(
      `UPDATE webhook_endpoints SET failing_since = COALESCE(failing_since, $2) WHERE id = $1 RETURNING failing_since`,
      [c.endpoint_id, now],
    );
    if (endpointGivenUp(policy, rows[0]?.failing_since ?? null, now)) await disable(c, now);
  }

  async function disable(c: Claimed, now: Date) {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const off = await client.query(
        `UPDATE webhook_endpoints SET enabled = false, disabled_at = $2 WHERE id = $1 AND enabled`,
        [c.endpoint_id, now],
      );
      if ((off.rowCount ?? 0) > 0) {
        // An account's id is its owner's user id.
        await recordNotification(
          client,
          {
            sourceEventId: `webhook-disabled:${c.endpoint_id}:${now.toISOString()}`,
            accountId: c.account_id,
            userId: c.account_id,
            type: 'WEBHOOK_DISABLED',
            message: `Your webhook endpoint ${c.url} failed for a day and was turned off. Fix it, then turn it on again in Settings.`,
            domainId: null,
            roomId: null,
            createdAt: now,
          },
          now,
        );
      }
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  async function runOnce(): Promise<number> {
    const now = clock();
    const claimed = await claim(now);
    await Promise.all(
      claimed.map(async (c) => {
        const outcome = await send(c, options.timeoutMs, clock(), dispatcher);
        await record(c, outcome, clock());
      }),
    );
    return claimed.length;
  }

  function schedule(ms: number) {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(tick, ms);
  }

  function tick() {
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      try {
        // A full batch may mean more are due: go on at once.
        while (!stopped && (await runOnce()) === BATCH);
      } catch (error) {
        logger.warn({ err: error }, 'webhook deliveries failed; retrying at the next poll');
      }
    })().finally(() => {
      running = undefined;
      if (again) {
        again = false;
        schedule(0);
      } else schedule(options.pollIntervalMs);
    });
  }

  schedule(0);
  return {
    wake: () => schedule(0),
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
      await dispatcher?.close();
    },
  };
}
