import type { PlanId, SubscriptionSnapshot, SubscriptionStatus } from '@parley/contracts';
import { SUBSCRIPTION_STATUSES } from '@parley/contracts';
import type Stripe from 'stripe';

/** Metadata billing puts on what it creates at the provider, to find the account again. */
export const META = {
  account: 'parley_account_id',
  purpose: 'parley_purpose',
  plan: 'parley_plan',
  paymentIntent: 'parley_payment_intent',
} as const;

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();
export const idOf = (ref: string | { id: string } | null | undefined): string | null =>
  ref == null ? null : typeof ref === 'string' ? ref : ref.id;

/**
 * A Stripe subscription as billing records it. Since API 2025-03-31 the periods are on the items;
 * a subscription of one item (all billing creates) has that item's period.
 */
export function snapshotOf(sub: Stripe.Subscription): SubscriptionSnapshot {
  const item = sub.items.data[0];
  if (!item) throw new Error(`subscription ${sub.id} has no items`);
  const status = SUBSCRIPTION_STATUSES.includes(sub.status as SubscriptionStatus)
    ? (sub.status as SubscriptionStatus)
    : 'incomplete';
  const plan: PlanId = sub.metadata?.[META.plan] === 'STANDARD' ? 'STANDARD' : 'PRO';
  return {
    subscriptionId: sub.id,
    customerId: idOf(sub.customer)!,
    plan,
    status,
    cancelAtPeriodEnd: sub.cancel_at_period_end,
    currentPeriodStart: iso(item.current_period_start),
    currentPeriodEnd: iso(item.current_period_end),
  };
}

/** The subscription an invoice bills (API 2025-03-31 moved it under parent.subscription_details). */
export const invoiceSubscriptionId = (invoice: Stripe.Invoice): string | null =>
  idOf(invoice.parent?.subscription_details?.subscription ?? null);
