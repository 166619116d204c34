import type { DomainEvent } from '@parley/eventstore';

/**
 * An email's claim within one domain (subject conversations.email.<sha256 of domainId and the
 * lower-cased email>): the first customer to give it holds it, so two visitors giving the same
 * email at once end up as one customer. Appended with the version the decision saw: race-free.
 */
export const EmailClaimEventType = {
  Claimed: 'conversations.EmailClaimed',
} as const;

export type EmailClaimed = DomainEvent<
  typeof EmailClaimEventType.Claimed,
  { domainId: string; email: string; customerId: string; claimedAt: string }
>;

export type EmailClaimEvent = EmailClaimed;
