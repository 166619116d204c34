import type { DomainEvent } from '@parley/eventstore';

/**
 * The email claim (subject identity.email.<sha256 of the lower-cased address>). It holds one
 * event, appended with expected version 0: of two registrations racing for an address, JetStream
 * lets exactly one through (docs/decisions.md, 7).
 */
export const EmailEventType = { Claimed: 'identity.EmailClaimed' } as const;

export type EmailClaimed = DomainEvent<
  typeof EmailEventType.Claimed,
  /** signupId is null for accounts not created by a sign-up (the configured admin). */
  { userId: string; signupId: string | null; claimedAt: string }
>;

export type EmailEvent = EmailClaimed;
