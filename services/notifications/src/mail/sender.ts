import { createHash } from 'node:crypto';
import type { Pool } from 'pg';
import type { Logger } from '@parley/logger';
import type { ClaimedMail } from '../outbox/outbox-entry';
import {
  claimDueMails,
  markExpired,
  markFailed,
  markSent,
  markSuppressed,
  msUntilNextDue,
  scheduleRetry,
} from '../outbox/outbox-store';
import { planDelivery, type DeliveryPlan as Plan } from './delivery-plan';

type DeliveryPlan = Plan | { kind: 'retry-later'; error: unknown };
import { afterFailure, type RetryPolicy } from './retry-policy';
import type { MailTemplate } from './template';
import type { MailTransport } from './transport';

export interface MailSenderOptions {
  pool: Pool;
  transport: MailTransport;
  templates: ReadonlyMap<string, MailTemplate>;
  sealKey: string;
  /** From header, e.g. 'Parley <no-reply@parley.local>'. */
  from: string;
  policy: RetryPolicy & { pollIntervalMs: number };
  logger: Logger;
  /** Rows claimed and sent concurrently per round. */
  batchSize?: number;
  /** How long a claimed row is reserved for this sender; far above the SMTP timeouts. */
  leaseMs?: number;
  clock?: () => Date;
  /**
   * Asked before a mail is sent: true means it must never go (a campaign's recipient who
   * unsubscribed after the campaign was released); the row ends as 'suppressed'.
   */
  suppressed?: (mail: ClaimedMail) => Promise<boolean>;
  /** Mails of these templates leave at most this many a second from this sender (bulk mail). */
  paced?: { templates: ReadonlySet<string>; perSecond: number };
}

export interface MailSender {
  /** Look for due mail now rather than at the next poll. */
  wake(): void;
  /** Finishes the round in progress, then stops. */
  stop(): Promise<void>;
}

/** Domain of the From address, for Message-IDs. */
function domainOf(from: string): string {
  const address = /<([^>]+)>/.exec(from)?.[1] ?? from;
  return address.split('@')[1]?.trim() || 'localhost';
}

/** Never the mail's content: SMTP errors are about the connection or the recipient. */
function describe(error: unknown): string {
  const e = error as { code?: string; responseCode?: number; message?: string };
  return [e.code, e.responseCode, e.message ?? String(error)].filter(Boolean).join(' ').slice(0, 500);
}

/**
 * Delivers pending outbox rows: claim a batch (leased), decide per row (expired, undeliverable,
 * or render), send over SMTP, and record the outcome; failures are retried with back-off up to
 * the policy's attempts. Sleeps until woken, the next retry is due, or the poll interval passes.
 */
export function startMailSender(options: MailSenderOptions): MailSender {
  const { pool, transport, templates, sealKey, from, policy, logger } = options;
  const batchSize = options.batchSize ?? 5;
  const leaseMs = options.leaseMs ?? 120_000;
  const clock = options.clock ?? (() => new Date());
  const messageIdDomain = domainOf(from);
  const paced = options.paced;
  // The next moment a paced mail may leave: each takes the slot after the previous one.
  let nextPacedSlot = 0;
  const waitForPacedSlot = async () => {
    if (!paced) return;
    const interval = 1000 / paced.perSecond;
    const now = Date.now();
    const slot = Math.max(now, nextPacedSlot);
    nextPacedSlot = slot + interval;
    if (slot > now) await new Promise((resolve) => setTimeout(resolve, slot - now));
  };

  let stopped = false;
  let woken = false;
  let interrupt: (() => void) | undefined;

  const sleep = (ms: number) =>
    woken || stopped
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          const timer = setTimeout(done, ms);
          function done() {
            clearTimeout(timer);
            interrupt = undefined;
            resolve();
          }
          interrupt = done;
        });

  async function recordFailure(mail: ClaimedMail, error: unknown, log: Logger): Promise<void> {
    const outcome = afterFailure(mail.attempts, error, policy);
    if (outcome.kind === 'retry') {
      await scheduleRetry(pool, mail.id, outcome.delayMs, describe(error));
      log.warn({ err: describe(error), retryInMs: outcome.delayMs }, 'mail not sent; will retry');
    } else {
      await markFailed(pool, mail.id, describe(error));
      log.error({ err: describe(error) }, 'mail not sent; giving up');
    }
  }

  async function deliver(mail: ClaimedMail): Promise<void> {
    const log = logger.child({ mailId: mail.id, template: mail.template, attempt: mail.attempts });
    let plan: DeliveryPlan;
    try {
      plan = planDelivery(mail, { now: clock(), sealKey, templates });
    } catch (e) {
      // A bug rather than bad data: bounded retries like a send failure, so a fix can still deliver.
      plan = { kind: 'retry-later', error: e };
    }
    if (plan.kind === 'retry-later') {
      await recordFailure(mail, plan.error, log);
      return;
    }
    if (plan.kind === 'expired') {
      await markExpired(pool, mail.id);
      log.info('mail expired before it could be sent; dropped');
      return;
    }
    if (plan.kind === 'failed') {
      await markFailed(pool, mail.id, plan.reason);
      log.error({ reason: plan.reason }, 'mail cannot be sent; marked failed');
      return;
    }
    if (options.suppressed && (await options.suppressed(mail))) {
      await markSuppressed(pool, mail.id);
      log.info('recipient unsubscribed; mail suppressed');
      return;
    }
    if (paced?.templates.has(mail.template)) await waitForPacedSlot();
    try {
      await transport.send({
        from,
        to: mail.recipient,
        ...plan.mail,
        messageId: `<${createHash('sha256').update(mail.id).digest('hex').slice(0, 32)}@${messageIdDomain}>`,
      });
    } catch (e) {
      await recordFailure(mail, e, log);
      return;
    }
    await markSent(pool, mail.id);
    log.info('mail sent');
  }

  async function round(): Promise<number> {
    const claimed = await claimDueMails(pool, { limit: batchSize, leaseMs });
    const results = await Promise.allSettled(claimed.map(deliver));
    for (const r of results) {
      // The row stays pending and is retried once its lease runs out.
      if (r.status === 'rejected') logger.error({ err: r.reason }, 'recording a mail outcome failed');
    }
    return claimed.length;
  }

  async function loop(): Promise<void> {
    while (!stopped) {
      woken = false;
      let wait = policy.pollIntervalMs;
      try {
        if ((await round()) === batchSize) continue;
        const next = await msUntilNextDue(pool);
        // A floor keeps rows leased to another replica from spinning this loop.
        if (next !== null) wait = Math.min(wait, Math.max(next, 50));
      } catch (e) {
        logger.error({ err: e }, 'mail sender round failed; retrying after the poll interval');
      }
      await sleep(wait);
    }
  }

  const running = loop();
  return {
    wake: () => {
      woken = true;
      interrupt?.();
    },
    stop: async () => {
      stopped = true;
      interrupt?.();
      await running;
    },
  };
}
