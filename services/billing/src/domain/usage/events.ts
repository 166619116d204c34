import {
  BillingEvent,
  type RequestConsumed as RequestConsumedData,
  type UsageThresholdReached,
} from '@parley/contracts';
import type { DomainEvent } from '@parley/eventstore';

/** The usage aggregate's events (one per account and billing period); public, see packages/contracts. */
export type RequestConsumed = DomainEvent<typeof BillingEvent.RequestConsumed, RequestConsumedData>;
export type UsageWarningReached = DomainEvent<typeof BillingEvent.UsageWarningReached, UsageThresholdReached>;
export type UsageLimitReached = DomainEvent<typeof BillingEvent.UsageLimitReached, UsageThresholdReached>;
export type UsageEvent = RequestConsumed | UsageWarningReached | UsageLimitReached;
