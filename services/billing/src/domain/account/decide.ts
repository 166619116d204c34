import type { PlanId, SubscriptionEventData, SubscriptionSnapshot } from '@parley/contracts';
import type { Decider } from '@parley/eventstore';
import { limitsOf } from '../../catalogue/catalogue';
import type { AccountCommand } from './commands';
import { isEntitled, isTerminal } from './entitlement';
import type { AccountEvent, SubscriptionEvent } from './events';
import { AccountEventType as T } from './events';
import { evolveAccount, initialAccountState, type AccountState } from './state';

/** Every account starts free; a paid plan is only ever reached through a payment. */
export const INITIAL_PLAN = 'STANDARD' as const;

function planChange(accountId: string, state: AccountState, plan: PlanId, at: string): AccountEvent[] {
  if (state.plan === plan) return [];
  return [
    {
      type: T.AccountPlanChanged,
      data: {
        accountId,
        plan,
        // A paid plan is what the owner chose now; a lapse keeps the choice they had made.
        selectedPlan: plan === 'STANDARD' ? (state.selectedPlan ?? plan) : plan,
        limits: limitsOf(plan),
        changedAt: at,
      },
    },
  ];
}

/**
 * What a fresh report of the subscription changes. The report is the provider's current state,
 * not an event in a sequence: two reports in any order, or the same one twice, end in the same
 * events, and a report that changes nothing records nothing. The plan follows entitlement: PRO
 * while the subscription pays for it, STANDARD when it lapses or ends (nothing is deleted; other
 * services apply the lower limits).
 */
export function decideSubscription(
  accountId: string,
  snapshot: SubscriptionSnapshot,
  state: AccountState,
  at: string,
): AccountEvent[] {
  if (state.plan === null) return [];
  const current = state.subscription;
  const data = (previousStatus?: SubscriptionEventData['previousStatus']): SubscriptionEventData => ({
    accountId,
    ...snapshot,
    ...(previousStatus ? { previousStatus } : {}),
    at,
  });
  const isNew = !current || current.subscriptionId !== snapshot.subscriptionId;
  if (isNew) {
    // Another subscription while one still pays (a second checkout, a retried creation) is the
    // provider's to refund; the account keeps the one it has.
    if (current && !current.ended && isEntitled(current.status)) return [];
    if (!isEntitled(snapshot.status)) return [];
    const events: AccountEvent[] = [{ type: T.SubscriptionStarted, data: data() }];
    if (snapshot.cancelAtPeriodEnd) events.push({ type: T.SubscriptionCancelScheduled, data: data() });
    return [...events, ...planChange(accountId, state, snapshot.plan, at)];
  }
  if (current.ended) return [];
  if (isTerminal(snapshot.status)) {
    return [
      { type: T.SubscriptionEnded, data: data(current.status) },
      ...planChange(accountId, state, 'STANDARD', at),
    ];
  }
  const events: SubscriptionEvent[] = [];
  if (snapshot.currentPeriodEnd > current.currentPeriodEnd)
    events.push({ type: T.SubscriptionRenewed, data: data() });
  if (snapshot.status !== current.status)
    events.push({ type: T.SubscriptionStatusChanged, data: data(current.status) });
  if (snapshot.cancelAtPeriodEnd !== current.cancelAtPeriodEnd)
    events.push({
      type: snapshot.cancelAtPeriodEnd ? T.SubscriptionCancelScheduled : T.SubscriptionResumed,
      data: data(),
    });
  // Only a report that moves the period on, or changes the status or the cancellation, is news:
  // an older report (its period ended before the one recorded) changes nothing.
  if (events.length === 0 && snapshot.currentPeriodEnd < current.currentPeriodEnd) return [];
  const plan = isEntitled(snapshot.status) ? snapshot.plan : 'STANDARD';
  return [...events, ...planChange(accountId, state, plan, at)];
}

export function decideAccount(command: AccountCommand, state: AccountState): AccountEvent[] {
  switch (command.type) {
    case 'AssignInitialPlan': {
      // An account gets exactly one initial plan: a redelivered or repeated registration, or a
      // second admin of the same account, finds it assigned and changes nothing.
      if (state.plan !== null) return [];
      return [
        {
          type: T.AccountPlanChanged,
          data: {
            accountId: command.accountId,
            plan: INITIAL_PLAN,
            selectedPlan: command.selectedPlan,
            limits: limitsOf(INITIAL_PLAN),
            changedAt: new Date(command.now).toISOString(),
          },
        },
      ];
    }
    case 'SyncSubscription':
      return decideSubscription(
        command.accountId,
        command.snapshot,
        state,
        new Date(command.now).toISOString(),
      );
    case 'RecordPaymentFailure':
      if (state.plan === null) return [];
      return [
        {
          type: T.PaymentFailed,
          data: {
            accountId: command.accountId,
            ...command.failure,
            failedAt: new Date(command.now).toISOString(),
          },
        },
      ];
    case 'RecordOrderPaid':
      if (state.plan === null) return [];
      return [
        {
          type: T.OrderPaid,
          data: {
            accountId: command.accountId,
            ...command.order,
            paidAt: new Date(command.now).toISOString(),
          },
        },
      ];
    case 'RecordPayoutAccount': {
      if (state.plan === null) return [];
      const p = state.payout;
      const next = command.payout;
      // Only a change is news: Stripe sends account.updated for many fields billing does not use.
      if (
        p &&
        p.connectedAccountId === next.connectedAccountId &&
        p.chargesEnabled === next.chargesEnabled &&
        p.detailsSubmitted === next.detailsSubmitted
      )
        return [];
      return [
        {
          type: T.PayoutAccountUpdated,
          data: { accountId: command.accountId, ...next, updatedAt: new Date(command.now).toISOString() },
        },
      ];
    }
    default:
      return [];
  }
}

export const accountDecider: Decider<AccountCommand, AccountEvent, AccountState> = {
  initialState: initialAccountState,
  evolve: evolveAccount,
  decide: decideAccount,
};
