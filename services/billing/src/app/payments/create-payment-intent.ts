import { PLANS, billingError } from '@parley/contracts';
import { createPaymentIntentSchema } from '@parley/contracts/validation';
import { isEntitled } from '../../domain/account/entitlement';
import { META } from '../../payments/snapshot';
import { parseAccountId } from '../account-id';
import type { BillingDeps } from '../deps';
import { getAccountPlan } from '../get-account-plan';
import { parseInput } from '../parse-input';
import { ensureCustomer } from './customers';
import { providerError } from './provider-errors';
import { requirePayments } from './require-payments';

export const ALREADY_SUBSCRIBED = 'You already have an active PRO subscription.';

/**
 * The spec's upgrade flow, step 1: a payment intent for PRO's first month on the account's
 * customer (created, or updated with these billing details). The amount is the catalogue's; the
 * card is saved for the renewals (setup_future_usage). Answers what Stripe.js confirms with.
 */
export async function createUpgradePaymentIntent(
  deps: BillingDeps,
  input: { accountId: unknown; body: unknown },
): Promise<{ clientSecret: string; customerId: string; paymentIntentId: string }> {
  const payments = requirePayments(deps);
  const accountId = parseAccountId(input.accountId);
  const { billingDetails } = parseInput(createPaymentIntentSchema, input.body);
  const plan = await getAccountPlan(deps, { accountId });
  if (plan.subscription && !plan.subscription.ended && isEntitled(plan.subscription.status))
    throw billingError('conflict', ALREADY_SUBSCRIBED, 'ALREADY_SUBSCRIBED');
  try {
    return await payments.lanes.run(`create-${accountId}`, async () => {
      const customerId = await ensureCustomer(payments, deps.pool, accountId, billingDetails);
      const amount = PLANS.PRO.priceCents;
      const intent = await payments.stripe.paymentIntents.create({
        amount,
        currency: 'usd',
        customer: customerId,
        setup_future_usage: 'off_session',
        description: `Parley ${PLANS.PRO.name}, first month`,
        receipt_email: billingDetails.email,
        metadata: { [META.account]: accountId, [META.purpose]: 'subscription', [META.plan]: 'PRO' },
      });
      await deps.pool.query(
        `INSERT INTO payment_intents (id, account_id, purpose, amount_cents, currency) VALUES ($1, $2, 'subscription', $3, 'usd')`,
        [intent.id, accountId, amount],
      );
      return { clientSecret: intent.client_secret!, customerId, paymentIntentId: intent.id };
    });
  } catch (e) {
    throw providerError(e, 'Failed to create payment intent', deps.logger);
  }
}
