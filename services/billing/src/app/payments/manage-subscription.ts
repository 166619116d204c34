import { billingError } from '@parley/contracts';
import { subscriptionChangeSchema } from '@parley/contracts/validation';
import { isEntitled } from '../../domain/account/entitlement';
import type { SubscriptionState } from '../../domain/account/state';
import { META } from '../../payments/snapshot';
import { parseAccountId } from '../account-id';
import type { BillingDeps, PaymentsDeps } from '../deps';
import { getAccountPlan } from '../get-account-plan';
import { parseInput } from '../parse-input';
import { ensureCustomer, NO_BILLING_ACCOUNT, requireCustomer } from './customers';
import { isPortalNotConfigured, PORTAL_NOT_CONFIGURED, providerError } from './provider-errors';
import { requirePayments } from './require-payments';
import { syncSubscription } from './sync-subscription';
import { randomUUID } from 'node:crypto';

export const PAYMENT_METHOD_REQUIRED = 'Add a card to upgrade: use the upgrade form or the hosted checkout.';
export const ALREADY_ON_PLAN = 'You are already on the PRO plan.';

/** After a payment (Checkout, the portal) the owner returns to the settings page (spec section 2). */
export const settingsUrl = (payments: PaymentsDeps, outcome?: string) =>
  `${payments.publicAppUrl}/dashboard/settings${outcome ? `?payment=${outcome}` : ''}`;

const paying = (s: SubscriptionState | null): boolean => !!s && !s.ended && isEntitled(s.status);

export interface SubscriptionChange {
  message: string;
  checkoutUrl?: string;
  subscriptionId?: string;
  status?: string;
}

/**
 * PUT/POST subscriptions { plan, useCheckout }: PRO subscribes — through Stripe's hosted Checkout
 * when asked (answers its URL), else by charging the card the account saved with an earlier
 * payment; a PRO subscription set to end is resumed. STANDARD is the downgrade: PRO ends at the
 * end of the paid period, as a cancellation.
 */
export async function changeSubscription(
  deps: BillingDeps,
  input: { accountId: unknown; body: unknown; creating: boolean },
): Promise<SubscriptionChange> {
  const payments = requirePayments(deps);
  const accountId = parseAccountId(input.accountId);
  const { plan, useCheckout } = parseInput(subscriptionChangeSchema, input.body);
  if (plan === 'STANDARD') return cancelSubscription(deps, { accountId });
  const current = (await getAccountPlan(deps, { accountId })).subscription;
  const success = input.creating
    ? 'Subscription created successfully!'
    : 'Subscription upgraded successfully!';
  const failure = input.creating ? 'Failed to create subscription' : 'Failed to upgrade subscription';
  try {
    if (current && paying(current)) {
      if (!current.cancelAtPeriodEnd) throw billingError('conflict', ALREADY_ON_PLAN, 'ALREADY_SUBSCRIBED');
      const resumed = await payments.stripe.subscriptions.update(current.subscriptionId, {
        cancel_at_period_end: false,
      });
      await syncSubscription(deps, payments, resumed, `resume-${randomUUID()}`);
      return { message: success, subscriptionId: resumed.id, status: resumed.status };
    }
    const customer = await ensureCustomer(payments, deps.pool, accountId, null);
    if (useCheckout) {
      const session = await payments.stripe.checkout.sessions.create({
        mode: 'subscription',
        customer,
        client_reference_id: accountId,
        line_items: [{ price: await payments.proPrice(), quantity: 1 }],
        subscription_data: { metadata: { [META.account]: accountId, [META.plan]: 'PRO' } },
        metadata: { [META.account]: accountId },
        success_url: settingsUrl(payments, 'success'),
        cancel_url: settingsUrl(payments, 'cancelled'),
      });
      return { message: 'Redirecting to checkout', checkoutUrl: session.url! };
    }
    const saved = (await payments.stripe.customers.retrieve(customer)) as {
      invoice_settings?: { default_payment_method?: unknown };
    };
    const card = saved.invoice_settings?.default_payment_method;
    if (!card) throw billingError('precondition', PAYMENT_METHOD_REQUIRED, 'PAYMENT_METHOD_REQUIRED');
    const sub = await payments.stripe.subscriptions.create(
      {
        customer,
        items: [{ price: await payments.proPrice() }],
        payment_behavior: 'error_if_incomplete',
        metadata: { [META.account]: accountId, [META.plan]: 'PRO' },
      },
      { idempotencyKey: `parley-subscription-${accountId}-${current?.subscriptionId ?? 'first'}` },
    );
    await syncSubscription(deps, payments, sub, `subscribe-${sub.id}`);
    if (!isEntitled(sub.status as SubscriptionState['status']))
      throw billingError('precondition', 'Payment failed', 'CARD_DECLINED');
    return { message: success, subscriptionId: sub.id, status: sub.status };
  } catch (e) {
    throw providerError(e, failure, deps.logger);
  }
}

/** DELETE subscriptions: PRO stays until the end of the paid period, then the account is STANDARD. */
export async function cancelSubscription(
  deps: BillingDeps,
  input: { accountId: unknown },
): Promise<SubscriptionChange & { endsAt?: string }> {
  const payments = requirePayments(deps);
  const accountId = parseAccountId(input.accountId);
  const current = (await getAccountPlan(deps, { accountId })).subscription;
  if (!current || !paying(current)) throw billingError('not_found', NO_BILLING_ACCOUNT, 'NO_BILLING_ACCOUNT');
  try {
    const sub = current.cancelAtPeriodEnd
      ? null
      : await payments.stripe.subscriptions.update(current.subscriptionId, { cancel_at_period_end: true });
    if (sub) await syncSubscription(deps, payments, sub, `cancel-${randomUUID()}`);
    return {
      message: 'Subscription cancelled successfully!',
      subscriptionId: current.subscriptionId,
      status: current.status,
      endsAt: current.currentPeriodEnd,
    };
  } catch (e) {
    throw providerError(e, 'Failed to cancel subscription', deps.logger);
  }
}

/** POST customer-portal: Stripe's billing portal for the account's customer, back to settings. */
export async function openCustomerPortal(
  deps: BillingDeps,
  input: { accountId: unknown },
): Promise<{ portalUrl: string }> {
  const payments = requirePayments(deps);
  const accountId = parseAccountId(input.accountId);
  const customer = await requireCustomer(deps.pool, accountId);
  try {
    const session = await payments.stripe.billingPortal.sessions.create({
      customer,
      return_url: settingsUrl(payments),
    });
    return { portalUrl: session.url };
  } catch (e) {
    if (isPortalNotConfigured(e)) {
      deps.logger.warn({ err: e }, 'the billing portal is not configured at the payment provider');
      throw billingError('precondition', PORTAL_NOT_CONFIGURED, 'PORTAL_NOT_CONFIGURED');
    }
    throw providerError(e, 'Failed to open customer portal', deps.logger);
  }
}
