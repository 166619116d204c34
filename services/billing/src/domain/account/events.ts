import { BillingEvent, type AccountPlanChanged as AccountPlanChangedData } from '@parley/contracts';
import type { DomainEvent } from '@parley/eventstore';

/** The billing account's events; names and payloads are public (packages/contracts). */
export const AccountEventType = BillingEvent;

export type AccountPlanChanged = DomainEvent<typeof BillingEvent.AccountPlanChanged, AccountPlanChangedData>;

export type AccountEvent = AccountPlanChanged;
