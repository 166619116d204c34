import type { PlanId } from '@parley/contracts';
import type { AccountPlan, PlanDetails, Usage } from '../clients/billing-client';

/**
 * "Subscription details (read)" of spec section 3, owner-side variant (under `data`). Before the
 * account first paid, `subscription` and `providerSubscription` are null (the dashboard shows
 * 'Free'); an ended subscription reads as none again. The usage period is the window billing
 * counts requests in: the paid period, else the calendar month.
 */
export interface SubscriptionDetails {
  currentPlan: PlanId;
  planDetails: PlanDetails;
  subscription: { status: string; cancelAtPeriodEnd: boolean; currentPeriodEnd: string } | null;
  /** The payment provider's subscription object (current_period_start/end in epoch seconds). */
  providerSubscription: {
    id: string;
    status: string;
    cancel_at_period_end: boolean;
    current_period_start: number;
    current_period_end: number;
  } | null;
  canUpgrade: boolean;
  canDowngrade: boolean;
  requestLimit: number;
  requestsUsed: number;
  requestsRemaining: number;
  /** The window requests are counted in, ISO-8601 UTC, end exclusive. */
  usagePeriod: { start: string; end: string };
}

const seconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);

export function subscriptionDetails(plan: AccountPlan, usage: Usage): SubscriptionDetails {
  const sub = plan.subscription && !plan.subscription.ended ? plan.subscription : null;
  return {
    currentPlan: plan.plan,
    planDetails: plan.planDetails,
    subscription: sub
      ? {
          status: sub.status,
          cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
          currentPeriodEnd: sub.currentPeriodEnd,
        }
      : null,
    providerSubscription: sub
      ? {
          id: sub.subscriptionId,
          status: sub.status,
          cancel_at_period_end: sub.cancelAtPeriodEnd,
          current_period_start: seconds(sub.currentPeriodStart),
          current_period_end: seconds(sub.currentPeriodEnd),
        }
      : null,
    canUpgrade: plan.plan === 'STANDARD',
    canDowngrade: plan.plan === 'PRO',
    requestLimit: usage.requestLimit,
    requestsUsed: usage.requestsUsed,
    requestsRemaining: usage.requestsRemaining,
    usagePeriod: { start: usage.periodStart, end: usage.periodEnd },
  };
}
