import { type PlanId, type PlanLimits, billingError } from '@parley/contracts';
import { foldEvents } from '@parley/eventstore';
import { planDetailsOf, type PlanDetails } from '../catalogue/catalogue';
import { accountDecider } from '../domain/account/decide';
import type { AccountEvent } from '../domain/account/events';
import type { AccountState, SubscriptionState } from '../domain/account/state';
import { parseAccountId } from './account-id';
import { accountSubject, type BillingDeps } from './deps';

export interface AccountPlan {
  accountId: string;
  plan: PlanId;
  selectedPlan: PlanId;
  limits: PlanLimits;
  planDetails: PlanDetails;
  changedAt: string;
  /** The latest paid subscription as the provider's webhooks reported it; null before any. */
  subscription: SubscriptionState | null;
}

/** How long a plan asked for right after sign-up waits for the reactor to assign it. */
const REGISTRATION_WAIT_MS = 5000;

const accountNotFound = () => billingError('not_found', 'This account has no plan', 'ACCOUNT_NOT_FOUND');

/**
 * The account's current plan, read from its own stream (consistent, one request when cached).
 * An account not assigned yet may be one whose registration the reactor has not reached: the
 * caller holds a token, so its registration is already in the identity stream; wait for the
 * reactor to pass the stream's current end, then look again.
 */
export async function getAccountPlan(deps: BillingDeps, input: { accountId: unknown }): Promise<AccountPlan> {
  const accountId = parseAccountId(input.accountId);
  let state = await loadAccount(deps, accountId);
  if (state.plan === null) {
    const tail = await deps.registrations.identityTail();
    if (tail > deps.registrations.runner.position()) {
      try {
        await deps.registrations.runner.waitFor(tail, REGISTRATION_WAIT_MS);
      } catch (e) {
        deps.logger.warn({ err: e, accountId }, 'plan assignment is behind the identity stream');
        throw billingError(
          'unavailable',
          'Your plan is being set up. Please try again in a moment.',
          'UNAVAILABLE',
        );
      }
    }
    // Read again even when the reactor was already past the tail: it may have got there (and
    // assigned the plan) between the first read and the look at its position.
    state = await loadAccount(deps, accountId);
  }
  if (state.plan === null || state.selectedPlan === null || state.limits === null || state.changedAt === null)
    throw accountNotFound();
  return {
    accountId,
    plan: state.plan,
    selectedPlan: state.selectedPlan,
    limits: state.limits,
    planDetails: planDetailsOf(state.plan),
    changedAt: state.changedAt,
    subscription: state.subscription,
  };
}

export async function loadAccount(
  deps: Pick<BillingDeps, 'store'>,
  accountId: string,
): Promise<AccountState> {
  const loaded = await deps.store.load<AccountEvent>(accountSubject(deps.store, accountId));
  return foldEvents(accountDecider, loaded.events);
}
