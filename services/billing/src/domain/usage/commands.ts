import type { PlanId } from '@parley/contracts';

/** `now` is epoch milliseconds; the period and limit are resolved by the caller from the account. */
export type UsageCommand = {
  type: 'ConsumeRequest';
  accountId: string;
  requestId: string;
  plan: PlanId;
  /** The plan's credits at the time of the request. */
  limit: number;
  periodStart: string;
  periodEnd: string;
  now: number;
};
