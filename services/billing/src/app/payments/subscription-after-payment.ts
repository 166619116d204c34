import { billingError } from '@parley/contracts';
import { subscriptionAfterPaymentSchema } from '@parley/contracts/validation';
import { idOf } from '../../payments/snapshot';
import { parseAccountId } from '../account-id';
import type { BillingDeps } from '../deps';
import { parseInput } from '../parse-input';
import { NO_BILLING_ACCOUNT, requireCustomer } from './customers';
import { providerError } from './provider-errors';
import { requirePayments } from './require-payments';
import { PAYMENT_NOT_COMPLETED, startSubscriptionForPayment } from './start-after-payment';

/** How many of the account's latest upgrade intents are looked at for the one this card paid. */
const RECENT_INTENTS = 5;

/**
 * POST create-subscription-after-payment: the browser says its card payment went through. That
 * is checked, not believed: the account's own recent upgrade intent paid by that payment method
 * must have succeeded at the provider; then the subscription starts (or the one its webhook
 * already started is answered).
 */
export async function createSubscriptionAfterPayment(
  deps: BillingDeps,
  input: { accountId: unknown; body: unknown },
): Promise<{ subscriptionId: string; status: string }> {
  const payments = requirePayments(deps);
  const accountId = parseAccountId(input.accountId);
  const body = parseInput(subscriptionAfterPaymentSchema, input.body);
  const customerId = await requireCustomer(deps.pool, accountId);
  if (customerId !== body.customerId)
    throw billingError('not_found', NO_BILLING_ACCOUNT, 'NO_BILLING_ACCOUNT');
  try {
    const { rows } = await deps.pool.query<{ id: string }>(
      `SELECT id FROM payment_intents WHERE account_id = $1 AND purpose = 'subscription'
       ORDER BY created_at DESC LIMIT ${RECENT_INTENTS}`,
      [accountId],
    );
    for (const row of rows) {
      const intent = await payments.stripe.paymentIntents.retrieve(row.id);
      if (intent.status === 'succeeded' && idOf(intent.payment_method) === body.paymentMethodId)
        return await startSubscriptionForPayment(
          deps,
          payments,
          accountId,
          intent,
          `after-payment-${intent.id}`,
        );
    }
  } catch (e) {
    throw providerError(e, 'Failed to create subscription', deps.logger);
  }
  throw billingError('precondition', PAYMENT_NOT_COMPLETED, 'PAYMENT_NOT_COMPLETED');
}
