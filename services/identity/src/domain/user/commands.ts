import type { PlanId, Role } from '@parley/contracts';
import type { OnboardingAnswers } from '../signup/events';

export type UserCommand =
  | {
      type: 'RegisterUser';
      userId: string;
      email: string;
      fullname: string;
      passwordHash: string;
      role: Role;
      accountId: string;
      plan: PlanId;
      selectedPlan: PlanId;
      signupId: string | null;
      onboarding: OnboardingAnswers | null;
      now: number;
    }
  | { type: 'RenameUser'; fullname: string; now: number }
  /**
   * The caller checked the current password against `expectedPasswordHash` (argon2 is too slow
   * and impure for a decider); the decider refuses if the hash moved on since.
   */
  | { type: 'ChangePassword'; passwordHash: string; expectedPasswordHash: string; now: number }
  /** The owner of `accountId` removes this member; only an AGENT of that account can be removed. */
  | { type: 'RemoveMember'; accountId: string; now: number };
