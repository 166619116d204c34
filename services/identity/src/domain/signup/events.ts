import type { DomainEvent } from '@parley/eventstore';
import type { PlanId } from '@parley/contracts';
import { IdentityEvent } from '@parley/contracts';

/**
 * The sign-up aggregate's events (stream subject identity.signup.<signupId>). Those listed in
 * @parley/contracts are public; the others are identity's own bookkeeping.
 */
export const SignupEventType = {
  Started: IdentityEvent.SignupStarted,
  CodeIssued: IdentityEvent.SignupCodeIssued,
  CodeRejected: 'identity.SignupCodeRejected',
  Verified: IdentityEvent.SignupVerified,
  Superseded: 'identity.SignupSuperseded',
  Onboarded: 'identity.SignupOnboarded',
  Completed: 'identity.SignupCompleted',
  Rejected: 'identity.SignupRejected',
} as const;

export type SignupStarted = DomainEvent<
  typeof SignupEventType.Started,
  {
    signupId: string;
    email: string;
    fullname: string;
    selectedPlan: PlanId;
    startedAt: string;
    /** argon2id; internal, not part of the public schema. */
    passwordHash: string;
  }
>;

/** Public part matches signupCodeIssuedSchema; `codeHash` (an HMAC) is identity's own. */
export type SignupCodeIssued = DomainEvent<
  typeof SignupEventType.CodeIssued,
  {
    signupId: string;
    email: string;
    fullname: string;
    sealedCode: string;
    expiresAt: string;
    issuedAt: string;
    /** 1 for the first code, then one more per resend. */
    sendNumber: number;
    codeHash: string;
  }
>;

export type SignupCodeRejected = DomainEvent<
  typeof SignupEventType.CodeRejected,
  { signupId: string; attempts: number; rejectedAt: string }
>;

export type SignupVerified = DomainEvent<
  typeof SignupEventType.Verified,
  { signupId: string; email: string; verifiedAt: string }
>;

export type SignupSuperseded = DomainEvent<
  typeof SignupEventType.Superseded,
  { signupId: string; supersededBy: string; supersededAt: string }
>;

export interface OnboardingAnswers {
  products: string;
  categories: string;
  targetAudience: string;
}

/** The answers are recorded and the future user id fixed before the account is created, so a
 *  crash half-way through registration can be finished from the log. */
export type SignupOnboarded = DomainEvent<
  typeof SignupEventType.Onboarded,
  { signupId: string; userId: string; onboardedAt: string } & OnboardingAnswers
>;

export type SignupCompleted = DomainEvent<
  typeof SignupEventType.Completed,
  { signupId: string; userId: string; completedAt: string }
>;

/** Why a sign-up that reached registration ended without an account. */
export type SignupRejectionReason = 'EMAIL_TAKEN';

export type SignupRejected = DomainEvent<
  typeof SignupEventType.Rejected,
  { signupId: string; reason: SignupRejectionReason; rejectedAt: string }
>;

export type SignupEvent =
  | SignupStarted
  | SignupCodeIssued
  | SignupCodeRejected
  | SignupVerified
  | SignupSuperseded
  | SignupOnboarded
  | SignupCompleted
  | SignupRejected;
