import {
  BillingEvent,
  type AccountPlanChanged as AccountPlanChangedData,
  type PaymentFailedData,
  type PayoutAccountUpdatedData,
  type OrderPaidData,
  type SubscriptionEventData,
} from '@parley/contracts';
import type { DomainEvent } from '@parley/eventstore';

/** The billing account's events; names and payloads are public (packages/contracts). */
export const AccountEventType = BillingEvent;

export type AccountPlanChanged = DomainEvent<typeof BillingEvent.AccountPlanChanged, AccountPlanChangedData>;
export type SubscriptionStarted = DomainEvent<typeof BillingEvent.SubscriptionStarted, SubscriptionEventData>;
export type SubscriptionRenewed = DomainEvent<typeof BillingEvent.SubscriptionRenewed, SubscriptionEventData>;
export type SubscriptionCancelScheduled = DomainEvent<
  typeof BillingEvent.SubscriptionCancelScheduled,
  SubscriptionEventData
>;
export type SubscriptionResumed = DomainEvent<typeof BillingEvent.SubscriptionResumed, SubscriptionEventData>;
export type SubscriptionStatusChanged = DomainEvent<
  typeof BillingEvent.SubscriptionStatusChanged,
  SubscriptionEventData
>;
export type SubscriptionEnded = DomainEvent<typeof BillingEvent.SubscriptionEnded, SubscriptionEventData>;
export type PaymentFailed = DomainEvent<typeof BillingEvent.PaymentFailed, PaymentFailedData>;

export type SubscriptionEvent =
  | SubscriptionStarted
  | SubscriptionRenewed
  | SubscriptionCancelScheduled
  | SubscriptionResumed
  | SubscriptionStatusChanged
  | SubscriptionEnded;

export type PayoutAccountUpdated = DomainEvent<
  typeof BillingEvent.PayoutAccountUpdated,
  PayoutAccountUpdatedData
>;

export type OrderPaid = DomainEvent<typeof BillingEvent.OrderPaid, OrderPaidData>;

export type AccountEvent =
  AccountPlanChanged | SubscriptionEvent | PaymentFailed | PayoutAccountUpdated | OrderPaid;
