import { type PaymentFailedData, billingError, isBillingErrorCode } from '@parley/contracts';
import { executeCommand } from '@parley/eventstore';
import type Stripe from 'stripe';
import { accountDecider } from '../../domain/account/decide';
import { idOf, invoiceSubscriptionId, META } from '../../payments/snapshot';
import { accountSubject, type BillingDeps, type PaymentsDeps } from '../deps';
import { providerError } from './provider-errors';
import { requirePayments } from './require-payments';
import { startSubscriptionForPayment } from './start-after-payment';
import { recordConnectedAccount } from './connect';
import { recordOrderPaid } from './orders';
import { accountOf, syncSubscription } from './sync-subscription';

/** Stripe's own default: a signature older than five minutes is a replay. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export type WebhookOutcome = { eventId: string; type: string; duplicate: boolean };

/** Handlers by Stripe event type; any other type is acknowledged and ignored. */
type Handler = (deps: BillingDeps, payments: PaymentsDeps, event: Stripe.Event) => Promise<void>;

const syncFromSubscriptionEvent: Handler = async (deps, payments, event) => {
  const sub = event.data.object as Stripe.Subscription;
  await syncSubscription(deps, payments, sub.id, event.id);
};

const syncFromInvoice: Handler = async (deps, payments, event) => {
  const invoice = event.data.object as Stripe.Invoice;
  const subscriptionId = invoiceSubscriptionId(invoice);
  if (subscriptionId) await syncSubscription(deps, payments, subscriptionId, event.id);
};

const invoiceFailed: Handler = async (deps, payments, event) => {
  const invoice = event.data.object as Stripe.Invoice;
  const subscriptionId = invoiceSubscriptionId(invoice);
  const accountId =
    invoice.parent?.subscription_details?.metadata?.[META.account] ?? (await accountOf(deps, invoice));
  if (accountId)
    await recordFailure(deps, accountId, event.id, {
      subscriptionId,
      invoiceId: invoice.id ?? null,
      paymentIntentId: null,
      amountCents: invoice.amount_due,
      currency: invoice.currency,
      message: 'Payment failed',
    });
  if (subscriptionId) await syncSubscription(deps, payments, subscriptionId, event.id);
};

const intentSucceeded: Handler = async (deps, payments, event) => {
  const intent = event.data.object as Stripe.PaymentIntent;
  const accountId = intent.metadata?.[META.account];
  if (!accountId) return;
  if (intent.metadata[META.purpose] === 'order') {
    await recordOrderPaid(deps, await payments.stripe.paymentIntents.retrieve(intent.id));
    return;
  }
  if (intent.metadata[META.purpose] === 'subscription') {
    // Read it back: the event is a copy, the provider's object is the truth.
    const fresh = await payments.stripe.paymentIntents.retrieve(intent.id);
    await startSubscriptionForPayment(deps, payments, accountId, fresh, event.id);
  }
};

const intentFailed: Handler = async (deps, _payments, event) => {
  const intent = event.data.object as Stripe.PaymentIntent;
  const accountId = intent.metadata?.[META.account];
  if (!accountId || intent.metadata[META.purpose] !== 'subscription') return;
  await recordFailure(deps, accountId, event.id, {
    subscriptionId: null,
    invoiceId: null,
    paymentIntentId: intent.id,
    amountCents: intent.amount,
    currency: intent.currency,
    message: intent.last_payment_error?.message ?? 'Payment failed',
  });
};

const checkoutCompleted: Handler = async (deps, payments, event) => {
  const session = event.data.object as Stripe.Checkout.Session;
  const subscriptionId = idOf(session.subscription);
  if (session.mode === 'subscription' && subscriptionId)
    await syncSubscription(deps, payments, subscriptionId, event.id);
};

/** A connected account's readiness comes from its own webhook (Connect events carry `account`). */
const connectedAccountUpdated: Handler = async (deps, _payments, event) => {
  await recordConnectedAccount(deps, event.data.object as Stripe.Account, event.id);
};

const HANDLERS: Record<string, Handler> = {
  'account.updated': connectedAccountUpdated,
  'customer.subscription.created': syncFromSubscriptionEvent,
  'customer.subscription.updated': syncFromSubscriptionEvent,
  'customer.subscription.deleted': syncFromSubscriptionEvent,
  'customer.subscription.paused': syncFromSubscriptionEvent,
  'customer.subscription.resumed': syncFromSubscriptionEvent,
  'invoice.paid': syncFromInvoice,
  'invoice.payment_succeeded': syncFromInvoice,
  'invoice.payment_failed': invoiceFailed,
  'payment_intent.succeeded': intentSucceeded,
  'payment_intent.payment_failed': intentFailed,
  'checkout.session.completed': checkoutCompleted,
};

export function registerWebhookHandler(type: string, handler: Handler): void {
  HANDLERS[type] = handler;
}

async function recordFailure(
  deps: BillingDeps,
  accountId: string,
  eventId: string,
  failure: Omit<PaymentFailedData, 'accountId' | 'failedAt'>,
): Promise<void> {
  await executeCommand(
    deps.store,
    accountSubject(deps.store, accountId),
    accountDecider,
    { type: 'RecordPaymentFailure', accountId, failure, now: deps.clock() },
    { commandId: `payment-failed-${eventId}` },
  );
}

/** The event if the signature is one of the endpoints' (the account's, or Connect's) and fresh. */
function verified(payments: PaymentsDeps, payload: Buffer, signature: string): Stripe.Event | null {
  const secrets = [payments.config.webhookSecret, payments.config.connectWebhookSecret].filter(
    (s): s is string => !!s,
  );
  for (const secret of secrets) {
    try {
      return payments.stripe.webhooks.constructEvent(payload, signature, secret, WEBHOOK_TOLERANCE_SECONDS);
    } catch {
      // the next endpoint's secret, if any
    }
  }
  return null;
}

const badSignature = () => billingError('validation', 'Invalid webhook signature', 'INVALID_SIGNATURE');

/**
 * A webhook from the provider, as its raw bytes and Stripe-Signature header. The signature is
 * checked by the SDK against the signing secret with a five-minute tolerance (a replayed or
 * forged request changes nothing and answers 400). An event id already applied is answered
 * without applying it again (the inbox); a failure answers 503, so the provider delivers again.
 * Only after the event is applied is it acknowledged, so a crash in between loses nothing.
 */
export async function handleWebhook(
  deps: BillingDeps,
  input: { payload: Buffer | Uint8Array | undefined; signature: unknown },
): Promise<WebhookOutcome> {
  const payments = requirePayments(deps);
  if (!input.payload?.length || typeof input.signature !== 'string' || input.signature === '')
    throw badSignature();
  const event = verified(payments, Buffer.from(input.payload), input.signature);
  if (!event) {
    deps.logger.warn('webhook refused: signature');
    throw badSignature();
  }
  const taken = await deps.pool.query<{ processed_at: Date | null }>(
    `INSERT INTO webhook_inbox (event_id, type) VALUES ($1, $2)
     ON CONFLICT (event_id) DO UPDATE SET deliveries = webhook_inbox.deliveries + 1
     RETURNING processed_at`,
    [event.id, event.type],
  );
  if (taken.rows[0]?.processed_at) return { eventId: event.id, type: event.type, duplicate: true };
  const handler = HANDLERS[event.type];
  if (handler) {
    try {
      await handler(deps, payments, event);
    } catch (e) {
      const error = providerError(e, 'Failed to apply the webhook', deps.logger);
      await deps.pool.query('UPDATE webhook_inbox SET last_error = $2 WHERE event_id = $1', [
        event.id,
        String((e as Error)?.message ?? e),
      ]);
      deps.logger.warn(
        { err: e, event: event.id, type: event.type },
        'webhook not applied: the provider will deliver it again',
      );
      throw billingError(
        'unavailable',
        'The webhook could not be applied now',
        // The cause's code, relayed; a cause without one (the provider out of reach) is the outage.
        isBillingErrorCode(error.code) ? error.code : 'UNAVAILABLE',
      );
    }
  }
  await deps.pool.query(
    'UPDATE webhook_inbox SET processed_at = now(), last_error = NULL WHERE event_id = $1',
    [event.id],
  );
  return { eventId: event.id, type: event.type, duplicate: false };
}
