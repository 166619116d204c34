import type { DomainEvent } from '@parley/eventstore';

/**
 * The email claim (subject identity.email.<sha256 of the lower-cased address>). It holds one
 * event, appended with expected version 0: of two registrations racing for an address, JetStream
 * lets exactly one through (docs/decisions.md, 7).
 */
export const EmailEventType = {
  Claimed: 'identity.EmailClaimed',
  Released: 'identity.EmailReleased',
} as const;

export type EmailClaimed = DomainEvent<
  typeof EmailEventType.Claimed,
  /** signupId is null for accounts not created by a sign-up (the configured admin). */
  { userId: string; signupId: string | null; claimedAt: string }
>;

/** A removed team member's address is free again (for a new invitation or a sign-up). */
export type EmailReleased = DomainEvent<
  typeof EmailEventType.Released,
  { userId: string; releasedAt: string }
>;

export type EmailEvent = EmailClaimed | EmailReleased;
