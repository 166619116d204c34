import type { DomainEvent } from '@parley/eventstore';
import type { PlanId, Role } from '@parley/contracts';
import { IdentityEvent } from '@parley/contracts';
import type { OnboardingAnswers } from '../signup/events';

/** The user aggregate's events (subject identity.user.<userId>). */
export const UserEventType = {
  Registered: IdentityEvent.UserRegistered,
  Renamed: IdentityEvent.UserRenamed,
  PasswordChanged: IdentityEvent.UserPasswordChanged,
  MemberRemoved: IdentityEvent.TeamMemberRemoved,
} as const;

/** Public part matches userRegisteredSchema; the password hash, sign-up and answers are identity's own. */
export type UserRegistered = DomainEvent<
  typeof UserEventType.Registered,
  {
    userId: string;
    email: string;
    fullname: string;
    role: Role;
    plan: PlanId;
    accountId: string;
    selectedPlan: PlanId;
    registeredAt: string;
    passwordHash: string;
    signupId: string | null;
    onboarding: OnboardingAnswers | null;
  }
>;

export type UserRenamed = DomainEvent<
  typeof UserEventType.Renamed,
  { userId: string; fullname: string; renamedAt: string }
>;

export type UserPasswordChanged = DomainEvent<
  typeof UserEventType.PasswordChanged,
  { userId: string; changedAt: string; passwordHash: string }
>;

/** Matches teamMemberRemovedSchema: the owner took an AGENT off the account. */
export type TeamMemberRemoved = DomainEvent<
  typeof UserEventType.MemberRemoved,
  { accountId: string; userId: string; removedAt: string }
>;

export type UserEvent = UserRegistered | UserRenamed | UserPasswordChanged | TeamMemberRemoved;
