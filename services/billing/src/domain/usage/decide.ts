import { BillingEvent, USAGE_WARNING_PERCENT } from '@parley/contracts';
import type { Decider } from '@parley/eventstore';
import type { UsageCommand } from './commands';
import type { UsageEvent } from './events';
import { evolveUsage, initialUsageState, type UsageState } from './state';

/** 80% of the limit or more, in integers (80 of 100, 800 of 1000). */
export const atWarning = (used: number, limit: number) => used * 100 >= limit * USAGE_WARNING_PERCENT;

/**
 * One request more, if the limit allows it; the thresholds are announced once per period, on
 * the request that reaches them. A request id already counted changes nothing. A limit already
 * reached counts nothing (the caller reads that as "not allowed"): an upgrade mid-period raises
 * the limit, and requests count again.
 */
export function decideUsage(command: UsageCommand, state: UsageState): UsageEvent[] {
  if (command.type !== 'ConsumeRequest') return [];
  if (state.requestIds.has(command.requestId)) return [];
  if (state.requestsUsed >= command.limit) return [];
  const requestsUsed = state.requestsUsed + 1;
  const at = new Date(command.now).toISOString();
  const period = {
    accountId: command.accountId,
    periodStart: command.periodStart,
    periodEnd: command.periodEnd,
  };
  const events: UsageEvent[] = [
    {
      type: BillingEvent.RequestConsumed,
      data: {
        ...period,
        requestId: command.requestId,
        requestsUsed,
        requestLimit: command.limit,
        consumedAt: at,
      },
    },
  ];
  const reached = { ...period, plan: command.plan, requestsUsed, requestLimit: command.limit, reachedAt: at };
  if (!state.warned && atWarning(requestsUsed, command.limit))
    events.push({ type: BillingEvent.UsageWarningReached, data: reached });
  if (!state.limitReached && requestsUsed >= command.limit)
    events.push({ type: BillingEvent.UsageLimitReached, data: reached });
  return events;
}

export const usageDecider: Decider<UsageCommand, UsageEvent, UsageState> = {
  initialState: initialUsageState,
  evolve: evolveUsage,
  decide: decideUsage,
};
