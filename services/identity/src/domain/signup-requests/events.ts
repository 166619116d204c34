import type { DomainEvent } from '@parley/eventstore';

/**
 * Sign-ups requested for one address (subject identity.signuprequests.<sha256 of the address>):
 * which one is the latest (starting again supersedes the earlier one) and how often codes were
 * asked for, so nobody can flood an inbox by starting sign-up after sign-up.
 */
export const SignupRequestEventType = { Requested: 'identity.SignupRequested' } as const;

export type SignupRequested = DomainEvent<
  typeof SignupRequestEventType.Requested,
  /** supersedes: the sign-up that was the latest until now, if any; it is closed if still unfinished. */
  { signupId: string; supersedes: string | null; requestedAt: string }
>;

export type SignupRequestEvent = SignupRequested;
