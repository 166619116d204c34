import type { Folded } from '@parley/eventstore';
import type { PlanId, PlanLimits, SubscriptionSnapshot } from '@parley/contracts';
import type { AccountEvent } from './events';
import { AccountEventType as T } from './events';

/** The account's paid subscription as last recorded; `ended` once it is over for good. */
export interface SubscriptionState extends SubscriptionSnapshot {
  ended: boolean;
}

export interface AccountState {
  /** null until the account's first plan is assigned. */
  plan: PlanId | null;
  selectedPlan: PlanId | null;
  /** The limits as recorded with the last change (what consumers were told). */
  limits: PlanLimits | null;
  changedAt: string | null;
  /** The latest subscription (null until the account first pays). */
  subscription: SubscriptionState | null;
  /** The owner's connected account (Stripe Connect), null before onboarding started. */
  payout: { connectedAccountId: string; chargesEnabled: boolean; detailsSubmitted: boolean } | null;
}

export const initialAccountState: AccountState = {
  plan: null,
  selectedPlan: null,
  limits: null,
  changedAt: null,
  subscription: null,
  payout: null,
};

const snapshotOf = (data: SubscriptionSnapshot): SubscriptionSnapshot => ({
  subscriptionId: data.subscriptionId,
  customerId: data.customerId,
  plan: data.plan,
  status: data.status,
  cancelAtPeriodEnd: data.cancelAtPeriodEnd,
  currentPeriodStart: data.currentPeriodStart,
  currentPeriodEnd: data.currentPeriodEnd,
});

export function evolveAccount(state: Folded<AccountState>, event: AccountEvent): Folded<AccountState> {
  switch (event.type) {
    case T.AccountPlanChanged:
      return {
        ...state,
        plan: event.data.plan,
        selectedPlan: event.data.selectedPlan,
        limits: event.data.limits,
        changedAt: event.data.changedAt,
      };
    case T.SubscriptionStarted:
    case T.SubscriptionRenewed:
    case T.SubscriptionCancelScheduled:
    case T.SubscriptionResumed:
    case T.SubscriptionStatusChanged:
      return { ...state, subscription: { ...snapshotOf(event.data), ended: false } };
    case T.SubscriptionEnded:
      return { ...state, subscription: { ...snapshotOf(event.data), ended: true } };
    case T.PayoutAccountUpdated:
      return {
        ...state,
        payout: {
          connectedAccountId: event.data.connectedAccountId,
          chargesEnabled: event.data.chargesEnabled,
          detailsSubmitted: event.data.detailsSubmitted,
        },
      };
    default:
      return state;
  }
}
