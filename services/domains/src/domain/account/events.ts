import type { DomainEvent } from '@parley/eventstore';

/**
 * An account's domains (subject domains.account.<accountId>): the ids it holds, so the plan's
 * limit is checked and the place taken in one append with optimistic concurrency. Of two adds
 * racing on an account with one place left, exactly one gets it.
 */
export const AccountEventType = {
  DomainReserved: 'domains.AccountDomainReserved',
  DomainReleased: 'domains.AccountDomainReleased',
} as const;

export type AccountDomainReserved = DomainEvent<
  typeof AccountEventType.DomainReserved,
  { domainId: string; domain: string; reservedAt: string }
>;
export type AccountDomainReleased = DomainEvent<
  typeof AccountEventType.DomainReleased,
  { domainId: string; releasedAt: string }
>;

export type AccountEvent = AccountDomainReserved | AccountDomainReleased;
