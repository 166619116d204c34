import type { PlanId } from '@parley/contracts';
import type { OnboardingAnswers, SignupRejectionReason } from './events';

/** A freshly generated code as the domain sees it: its HMAC and its sealed form for the mailer. */
export interface IssuedCode {
  hash: string;
  sealed: string;
}

export type SignupCommand =
  | {
      type: 'StartSignup';
      signupId: string;
      email: string;
      fullname: string;
      passwordHash: string;
      selectedPlan: PlanId;
      code: IssuedCode;
      now: number;
    }
  | { type: 'ResendCode'; code: IssuedCode; now: number }
  /** `codeHash` is the HMAC of what the user typed, computed like the issued one. */
  | { type: 'VerifyCode'; codeHash: string; now: number }
  | ({ type: 'CompleteOnboarding'; userId: string; now: number } & OnboardingAnswers)
  | { type: 'MarkRegistered'; now: number }
  | { type: 'RejectSignup'; reason: SignupRejectionReason; now: number }
  | { type: 'SupersedeSignup'; by: string; now: number };
