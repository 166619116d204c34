import type { Folded } from '@parley/eventstore';
import { BillingEvent } from '@parley/contracts';
import type { UsageEvent } from './events';
import { RequestIds } from './request-ids';

export interface UsageState {
  requestsUsed: number;
  /** Every request id counted this period: a redelivered one is found here and counts once. */
  requestIds: RequestIds;
  warned: boolean;
  limitReached: boolean;
}

export const initialUsageState: UsageState = {
  requestsUsed: 0,
  requestIds: RequestIds.empty,
  warned: false,
  limitReached: false,
};

export function evolveUsage(state: Folded<UsageState>, event: UsageEvent): Folded<UsageState> {
  switch (event.type) {
    case BillingEvent.RequestConsumed:
      return {
        ...state,
        requestsUsed: state.requestsUsed + 1,
        requestIds: state.requestIds.with(event.data.requestId),
      };
    case BillingEvent.UsageWarningReached:
      return { ...state, warned: true };
    case BillingEvent.UsageLimitReached:
      return { ...state, limitReached: true };
    default:
      return state;
  }
}
