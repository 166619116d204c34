import type { PlanId } from '@parley/contracts';
import { billingError } from '@parley/contracts';
import { executeCommand, foldEvents } from '@parley/eventstore';
import { isEntitled } from '../domain/account/entitlement';
import { usageDecider } from '../domain/usage/decide';
import type { UsageEvent } from '../domain/usage/events';
import { billingPeriodAt, periodKey, type BillingPeriod } from '../domain/usage/period';
import type { UsageState } from '../domain/usage/state';
import { parseAccountId } from './account-id';
import type { BillingDeps } from './deps';
import { getAccountPlan } from './get-account-plan';

export interface Usage {
  accountId: string;
  plan: PlanId;
  /** ConsumeRequest: this request is counted (now or earlier); reads: requests remain. */
  allowed: boolean;
  requestsUsed: number;
  requestLimit: number;
  requestsRemaining: number;
  periodStart: string;
  periodEnd: string;
}

/** Any printable id a caller keys its requests by (a message id, a uuid), kept short. */
const REQUEST_ID = /^[\x21-\x7e]{1,200}$/;

function parseRequestId(input: unknown): string {
  if (typeof input !== 'string' || !REQUEST_ID.test(input))
    throw billingError(
      'validation',
      'A request id is required (1-200 printable characters)',
      'INVALID_REQUEST_ID',
    );
  return input;
}

/**
 * Where the account is in its plan: the plan, its credits, and the current period — the paid
 * subscription's current period while it pays, else the calendar month in UTC.
 */
async function accountContext(deps: BillingDeps, accountId: unknown) {
  const plan = await getAccountPlan(deps, { accountId });
  const sub = plan.subscription;
  const paid =
    sub && !sub.ended && isEntitled(sub.status)
      ? { start: Date.parse(sub.currentPeriodStart), end: Date.parse(sub.currentPeriodEnd) }
      : null;
  const period = billingPeriodAt(deps.clock(), paid);
  return { plan, period, subject: usageSubject(deps, plan.accountId, period) };
}

const usageSubject = (deps: Pick<BillingDeps, 'store'>, accountId: string, period: BillingPeriod) =>
  deps.store.subject('usage', `${accountId}_${periodKey(period)}`);

function usageOf(
  accountId: string,
  plan: PlanId,
  limit: number,
  period: BillingPeriod,
  state: UsageState,
  allowed: boolean,
): Usage {
  return {
    accountId,
    plan,
    allowed,
    requestsUsed: state.requestsUsed,
    requestLimit: limit,
    requestsRemaining: Math.max(0, limit - state.requestsUsed),
    periodStart: new Date(period.start).toISOString(),
    periodEnd: new Date(period.end).toISOString(),
  };
}

/** Usage in the current period, consistent with the aggregate (read from its own stream). */
export async function getUsage(deps: BillingDeps, input: { accountId: unknown }): Promise<Usage> {
  const { plan, period, subject } = await accountContext(deps, input.accountId);
  const loaded = await deps.store.load<UsageEvent>(subject);
  const state = foldEvents(usageDecider, loaded.events);
  const limit = plan.limits.credits;
  return usageOf(plan.accountId, plan.plan, limit, period, state, state.requestsUsed < limit);
}

/**
 * One request of the plan's credits for one assistant answer. The same request id counts once
 * (the command id is derived from it, and the state remembers it); at the limit nothing is
 * counted and `allowed` is false. Commands on one aggregate queue up in this process; across
 * replicas the event store's expected-version check decides, retried on the fresh state.
 */
export async function consumeRequest(
  deps: BillingDeps,
  input: { accountId: unknown; requestId: unknown },
): Promise<Usage> {
  parseAccountId(input.accountId);
  const requestId = parseRequestId(input.requestId);
  const { plan, period, subject } = await accountContext(deps, input.accountId);
  const limit = plan.limits.credits;
  return deps.usageQueue.run(subject, async () => {
    const outcome = await executeCommand(
      deps.store,
      subject,
      usageDecider,
      {
        type: 'ConsumeRequest',
        accountId: plan.accountId,
        requestId,
        plan: plan.plan,
        limit,
        periodStart: new Date(period.start).toISOString(),
        periodEnd: new Date(period.end).toISOString(),
        now: deps.clock(),
      },
      // JetStream de-duplicates message ids across the whole stream: the key names account and period.
      { commandId: `consume-${plan.accountId}-${periodKey(period)}-${requestId}`, maxAttempts: 20 },
    );
    const allowed = outcome.state.requestIds.has(requestId);
    return usageOf(plan.accountId, plan.plan, limit, period, outcome.state, allowed);
  });
}
