import type { Folded } from '@parley/eventstore';
import type { PlanId } from '@parley/contracts';
import { ms } from '../shared/time';
import type { OnboardingAnswers, SignupEvent, SignupRejectionReason } from './events';
import { SignupEventType as T } from './events';

export type SignupStatus =
  'none' | 'pending' | 'verified' | 'onboarded' | 'completed' | 'superseded' | 'rejected';

export interface ActiveCode {
  hash: string;
  expiresAt: number;
  attempts: number;
}

export interface SignupState {
  status: SignupStatus;
  signupId: string;
  email: string;
  fullname: string;
  passwordHash: string;
  selectedPlan: PlanId;
  code: ActiveCode | null;
  sends: number;
  lastSentAt: number;
  userId: string | null;
  onboarding: OnboardingAnswers | null;
  rejectedReason: SignupRejectionReason | null;
}

export const initialSignupState: SignupState = {
  status: 'none',
  signupId: '',
  email: '',
  fullname: '',
  passwordHash: '',
  selectedPlan: 'STANDARD',
  code: null,
  sends: 0,
  lastSentAt: 0,
  userId: null,
  onboarding: null,
  rejectedReason: null,
};

export function evolveSignup(state: Folded<SignupState>, event: SignupEvent): Folded<SignupState> {
  switch (event.type) {
    case T.Started: {
      const { signupId, email, fullname, passwordHash, selectedPlan } = event.data;
      return { ...state, status: 'pending', signupId, email, fullname, passwordHash, selectedPlan };
    }
    case T.CodeIssued:
      return {
        ...state,
        code: { hash: event.data.codeHash, expiresAt: ms(event.data.expiresAt), attempts: 0 },
        sends: event.data.sendNumber,
        lastSentAt: ms(event.data.issuedAt),
      };
    case T.CodeRejected:
      return state.code ? { ...state, code: { ...state.code, attempts: event.data.attempts } } : state;
    case T.Verified:
      return { ...state, status: 'verified', code: null };
    case T.Superseded:
      return { ...state, status: 'superseded', code: null };
    case T.Onboarded: {
      const { userId, products, categories, targetAudience } = event.data;
      return { ...state, status: 'onboarded', userId, onboarding: { products, categories, targetAudience } };
    }
    case T.Completed:
      return { ...state, status: 'completed' };
    case T.Rejected:
      return { ...state, status: 'rejected', rejectedReason: event.data.reason };
    default:
      return state;
  }
}
