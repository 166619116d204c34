import dayjs from 'dayjs';

/** What the subscription manager shows of a subscription (spec sections 4 and 6). */
export interface SubscriptionFacts {
  subscription: { status: string; cancelAtPeriodEnd: boolean; currentPeriodEnd: string } | null;
  providerSubscription: { current_period_end: number } | null;
  planDetails: { isFree: boolean };
  canUpgrade: boolean;
}

export type BadgeColor = 'green' | 'orange' | 'default';

export interface StatusBadge {
  label: string;
  color: BadgeColor;
  /** 'Ends {date}' beside the badge when the subscription is set to end. */
  ends?: string;
}

/** The date format of billing dates: 'Dec 22, 2026'. */
export const formatBillingDate = (iso: string | number) =>
  dayjs(typeof iso === 'number' ? iso * 1000 : iso).format('MMM D, YYYY');

const periodEnd = (f: SubscriptionFacts): string | null =>
  f.providerSubscription
    ? formatBillingDate(f.providerSubscription.current_period_end)
    : f.subscription
      ? formatBillingDate(f.subscription.currentPeriodEnd)
      : null;

/**
 * Section 4: active gives a green 'Active' badge; cancelAtPeriodEnd an orange 'Cancelled' badge
 * plus 'Ends {date}'; any other status shows its text; no subscription shows 'Free'.
 */
export function statusBadge(f: SubscriptionFacts): StatusBadge {
  const sub = f.subscription;
  if (!sub) return { label: 'Free', color: 'default' };
  if (sub.cancelAtPeriodEnd) return { label: 'Cancelled', color: 'orange', ends: `Ends ${periodEnd(f)}` };
  if (sub.status === 'active') return { label: 'Active', color: 'green' };
  return { label: sub.status, color: 'default' };
}

/** Section 4: 'Subscription will end on {date}' when cancelled, else 'Next payment on {date}'. */
export function billingInfo(f: SubscriptionFacts): string | null {
  const date = periodEnd(f);
  if (!f.subscription || !date) return null;
  return f.subscription.cancelAtPeriodEnd ? `Subscription will end on ${date}` : `Next payment on ${date}`;
}

/**
 * Section 6: the upgrade button only when canUpgrade; 'Manage Billing' for non-free plans;
 * 'Cancel Subscription' for non-free plans not already cancelled.
 */
export function visibleActions(f: SubscriptionFacts): {
  upgrade: boolean;
  manageBilling: boolean;
  cancel: boolean;
} {
  const paid = !f.planDetails.isFree;
  return {
    upgrade: f.canUpgrade,
    manageBilling: paid,
    cancel: paid && !f.subscription?.cancelAtPeriodEnd,
  };
}

/** Section 8: a portal error whose text says so opens the amber 'Customer portal is not configured' alert. */
export const isPortalNotConfigured = (message: string) =>
  message.includes('Customer portal is not configured');
