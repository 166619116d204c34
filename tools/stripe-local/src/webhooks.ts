import Stripe from 'stripe';
import type { Logger } from '@parley/logger';

/** A Stripe event object as webhooks carry it (api_version, data.object, previous_attributes). */
export interface StripeEventObject {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  type: string;
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  data: { object: Record<string, unknown>; previous_attributes?: Record<string, unknown> };
  /** The connected account the event happened on (Connect events only). */
  account?: string;
}

export interface WebhookOptions {
  url?: string;
  secret: string;
  /** First retry after this many ms, doubling up to a minute (Stripe backs off over days). */
  retryBaseMs: number;
  clock: () => number;
  logger: Logger;
}

const MAX_RETRY_MS = 60_000;
/** Stripe keeps retrying for three days; locally a day of attempts is the same "until it answers". */
const MAX_ATTEMPTS = 1500;
const DELIVERY_TIMEOUT_MS = 10_000;

/**
 * Delivers events one at a time, in the order they happened, the way Stripe does it: a POST of
 * the event's JSON with a `Stripe-Signature: t=<unix>,v1=<HMAC-SHA256 of "t.payload">` header,
 * made with the SDK's own signer. A delivery that does not answer 2xx is retried with back-off;
 * later events wait behind it only while they are not yet due (Stripe does not promise order, and
 * neither does this: a failed event is re-queued behind newer ones).
 */
export class WebhookDelivery {
  private readonly queue: { event: StripeEventObject; attempts: number; dueAt: number }[] = [];
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  private stopped = false;
  private readonly signer = new Stripe('sk_test_signing_only');
  readonly delivered: { id: string; type: string; status: number }[] = [];

  constructor(private readonly options: WebhookOptions) {}

  setUrl(url: string | undefined): void {
    this.options.url = url;
    this.kick();
  }

  enqueue(event: StripeEventObject): void {
    if (!this.options.url) return;
    this.queue.push({ event, attempts: 0, dueAt: this.options.clock() });
    this.kick();
  }

  pending(): number {
    return this.queue.length;
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
  }

  private kick(): void {
    if (this.stopped || this.running) return;
    if (this.timer) clearTimeout(this.timer);
    const next = this.queue.reduce((min, q) => Math.min(min, q.dueAt), Infinity);
    if (next === Infinity) return;
    const wait = Math.max(0, next - this.options.clock());
    this.timer = setTimeout(() => void this.drain(), wait);
  }

  private async drain(): Promise<void> {
    this.running = true;
    try {
      for (;;) {
        const now = this.options.clock();
        const index = this.queue.findIndex((q) => q.dueAt <= now);
        if (index < 0 || this.stopped) break;
        const [item] = this.queue.splice(index, 1);
        const ok = await this.deliver(item!.event);
        if (!ok && item!.attempts + 1 < MAX_ATTEMPTS) {
          const delay = Math.min(MAX_RETRY_MS, this.options.retryBaseMs * 2 ** Math.min(item!.attempts, 16));
          this.queue.push({ event: item!.event, attempts: item!.attempts + 1, dueAt: now + delay });
        }
      }
    } finally {
      this.running = false;
      this.kick();
    }
  }

  private async deliver(event: StripeEventObject): Promise<boolean> {
    const url = this.options.url;
    if (!url) return true;
    const payload = JSON.stringify(event, null, 2);
    const header = this.signer.webhooks.generateTestHeaderString({
      payload,
      secret: this.options.secret,
      timestamp: Math.floor(this.options.clock() / 1000),
    });
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': header,
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        },
        body: payload,
        signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
      });
      await response.arrayBuffer().catch(() => undefined);
      this.delivered.push({ id: event.id, type: event.type, status: response.status });
      if (response.ok) return true;
      this.options.logger.warn(
        { event: event.id, type: event.type, status: response.status },
        'webhook refused',
      );
      return false;
    } catch (e) {
      this.delivered.push({ id: event.id, type: event.type, status: 0 });
      this.options.logger.warn({ event: event.id, type: event.type, err: e }, 'webhook not delivered');
      return false;
    }
  }
}
