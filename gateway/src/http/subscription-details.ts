import type { PlanId } from '@parley/contracts';
import type { AccountPlan, PlanDetails, Usage } from '../clients/billing-client';

/**
 * "Subscription details (read)" of spec section 3, owner-side variant (under `data`). Billing has
 * no paid subscriptions yet: `subscription` and `providerSubscription` are null (the dashboard
 * shows 'Free'), and the usage period is the calendar month billing counts in.
 */
export interface SubscriptionDetails {
  currentPlan: PlanId;
  planDetails: PlanDetails;
  subscription: { status: string; cancelAtPeriodEnd: boolean; currentPeriodEnd: string } | null;
  /** The payment provider's subscription object (current_period_start/end in epoch seconds). */
  providerSubscription: { current_period_start: number; current_period_end: number } | null;
  canUpgrade: boolean;
  canDowngrade: boolean;
  requestLimit: number;
  requestsUsed: number;
  requestsRemaining: number;
  /** The window requests are counted in, ISO-8601 UTC, end exclusive. */
  usagePeriod: { start: string; end: string };
}

export function subscriptionDetails(plan: AccountPlan, usage: Usage): SubscriptionDetails {
  return {
    currentPlan: plan.plan,
    planDetails: plan.planDetails,
    subscription: null,
    providerSubscription: null,
    canUpgrade: plan.plan === 'STANDARD',
    canDowngrade: plan.plan === 'PRO',
    requestLimit: usage.requestLimit,
    requestsUsed: usage.requestsUsed,
    requestsRemaining: usage.requestsRemaining,
    usagePeriod: { start: usage.periodStart, end: usage.periodEnd },
  };
}
