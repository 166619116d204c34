import { billingError } from '@parley/contracts';
import type Stripe from 'stripe';
import { isEntitled } from '../../domain/account/entitlement';
import { idOf, META } from '../../payments/snapshot';
import { addMonthSeconds } from '../../payments/time';
import type { BillingDeps, PaymentsDeps } from '../deps';
import { loadAccount } from '../get-account-plan';
import { syncSubscription } from './sync-subscription';

export const PAYMENT_NOT_COMPLETED = 'The payment has not been completed. Please try again.';

/**
 * The spec's upgrade flow, step 3: the first month was paid by the payment intent; the
 * subscription starts now and first charges the saved card a month after that payment
 * (billing_cycle_anchor, no proration). Called by the browser after confirming the card and by
 * the intent's `payment_intent.succeeded` webhook, whichever comes first: the provider's
 * idempotency key is the intent, so both make one subscription, and neither trusts the browser —
 * the intent is read from the provider and must have succeeded.
 */
export async function startSubscriptionForPayment(
  deps: BillingDeps,
  payments: PaymentsDeps,
  accountId: string,
  intent: Stripe.PaymentIntent,
  source: string,
): Promise<{ subscriptionId: string; status: string }> {
  if (intent.status !== 'succeeded')
    throw billingError('precondition', PAYMENT_NOT_COMPLETED, 'PAYMENT_NOT_COMPLETED');
  const customer = idOf(intent.customer);
  const paymentMethod = idOf(intent.payment_method);
  if (!customer || !paymentMethod)
    throw billingError('precondition', PAYMENT_NOT_COMPLETED, 'PAYMENT_NOT_COMPLETED');

  const made = await deps.pool.query<{ subscription_id: string | null }>(
    'SELECT subscription_id FROM payment_intents WHERE id = $1 AND account_id = $2',
    [intent.id, accountId],
  );
  const known = made.rows[0]?.subscription_id;
  if (known) {
    const synced = await syncSubscription(deps, payments, known, source);
    return { subscriptionId: known, status: synced?.state.subscription?.status ?? 'active' };
  }
  const state = await loadAccount(deps, accountId);
  if (state.subscription && !state.subscription.ended && isEntitled(state.subscription.status)) {
    // Paid twice (two tabs): the account keeps one subscription; the extra payment is for
    // support to refund from the provider's dashboard (logged with everything needed).
    deps.logger.error(
      { accountId, paymentIntent: intent.id, subscription: state.subscription.subscriptionId },
      'a second upgrade payment for an account already on PRO',
    );
    return { subscriptionId: state.subscription.subscriptionId, status: state.subscription.status };
  }

  const subscription = await payments.lanes.run(`create-${accountId}`, async () => {
    await payments.stripe.customers.update(customer, {
      invoice_settings: { default_payment_method: paymentMethod },
    });
    return payments.stripe.subscriptions.create(
      {
        customer,
        items: [{ price: await payments.proPrice() }],
        default_payment_method: paymentMethod,
        billing_cycle_anchor: addMonthSeconds(intent.created),
        proration_behavior: 'none',
        metadata: { [META.account]: accountId, [META.plan]: 'PRO', [META.paymentIntent]: intent.id },
      },
      { idempotencyKey: `parley-subscription-${intent.id}` },
    );
  });
  await deps.pool.query('UPDATE payment_intents SET subscription_id = $2 WHERE id = $1', [
    intent.id,
    subscription.id,
  ]);
  const synced = await syncSubscription(deps, payments, subscription, source);
  return {
    subscriptionId: subscription.id,
    status: synced?.state.subscription?.status ?? subscription.status,
  };
}
