import type { AppError } from '@parley/contracts';
import type { Decider } from '@parley/eventstore';
import { sameDigest } from '../shared/equal';
import { iso, secondsUntil } from '../shared/time';
import { tooSoon } from '../shared/errors';
import type { IssuedCode, SignupCommand } from './commands';
import {
  alreadyCompleted,
  alreadyVerified,
  codeExpired,
  deadEnd,
  duplicateRequest,
  invalidCode,
  notVerified,
  tooManyAttempts,
  tooManyCodes,
} from './errors';
import type { SignupCodeIssued, SignupEvent } from './events';
import { SignupEventType as T } from './events';
import { CODE_TTL_MS, MAX_CODE_ATTEMPTS, MAX_CODE_SENDS, RESEND_INTERVAL_MS } from './policy';
import { evolveSignup, initialSignupState, type SignupState } from './state';

function codeIssued(
  state: Pick<SignupState, 'signupId' | 'email' | 'fullname'>,
  code: IssuedCode,
  sendNumber: number,
  now: number,
): SignupCodeIssued {
  return {
    type: T.CodeIssued,
    data: {
      signupId: state.signupId,
      email: state.email,
      fullname: state.fullname,
      sealedCode: code.sealed,
      expiresAt: iso(now + CODE_TTL_MS),
      issuedAt: iso(now),
      sendNumber,
      codeHash: code.hash,
    },
  };
}

const throwIf = (error: AppError | null) => {
  if (error) throw error;
};

export function decideSignup(command: SignupCommand, state: SignupState): SignupEvent[] {
  switch (command.type) {
    case 'StartSignup': {
      if (state.status !== 'none') {
        // The same request retried (its id derives from the client's command id): nothing new.
        if (state.email === command.email) return [];
        throw duplicateRequest();
      }
      const { signupId, email, fullname, passwordHash, selectedPlan, now } = command;
      return [
        {
          type: T.Started,
          data: { signupId, email, fullname, passwordHash, selectedPlan, startedAt: iso(now) },
        },
        codeIssued({ signupId, email, fullname }, command.code, 1, now),
      ];
    }

    case 'ResendCode': {
      throwIf(deadEnd(state));
      if (state.status !== 'pending') throw alreadyVerified();
      if (state.sends >= MAX_CODE_SENDS) throw tooManyCodes();
      const resendAt = state.lastSentAt + RESEND_INTERVAL_MS;
      if (command.now < resendAt) throw tooSoon(secondsUntil(resendAt, command.now));
      return [codeIssued(state, command.code, state.sends + 1, command.now)];
    }

    case 'VerifyCode': {
      throwIf(deadEnd(state));
      if (state.status !== 'pending') return [];
      const code = state.code;
      if (!code) throw codeExpired();
      if (code.attempts >= MAX_CODE_ATTEMPTS) throw tooManyAttempts(state, command.now);
      if (command.now >= code.expiresAt) throw codeExpired();
      if (sameDigest(command.codeHash, code.hash)) {
        return [
          {
            type: T.Verified,
            data: { signupId: state.signupId, email: state.email, verifiedAt: iso(command.now) },
          },
        ];
      }
      // A wrong guess is recorded, not thrown: the count must survive; see verificationRefusal.
      return [
        {
          type: T.CodeRejected,
          data: { signupId: state.signupId, attempts: code.attempts + 1, rejectedAt: iso(command.now) },
        },
      ];
    }

    case 'CompleteOnboarding': {
      throwIf(deadEnd(state));
      if (state.status === 'pending') throw notVerified();
      if (state.status === 'completed') throw alreadyCompleted();
      if (state.status === 'onboarded') return []; // registration interrupted earlier: resume it
      const { userId, products, categories, targetAudience, now } = command;
      return [
        {
          type: T.Onboarded,
          data: {
            signupId: state.signupId,
            userId,
            products,
            categories,
            targetAudience,
            onboardedAt: iso(now),
          },
        },
      ];
    }

    case 'MarkRegistered': {
      if (state.status === 'completed') return [];
      if (state.status !== 'onboarded' || !state.userId) throw notVerified();
      return [
        {
          type: T.Completed,
          data: { signupId: state.signupId, userId: state.userId, completedAt: iso(command.now) },
        },
      ];
    }

    case 'RejectSignup': {
      if (
        state.status === 'none' ||
        state.status === 'completed' ||
        state.status === 'rejected' ||
        state.status === 'superseded'
      ) {
        return [];
      }
      return [
        {
          type: T.Rejected,
          data: { signupId: state.signupId, reason: command.reason, rejectedAt: iso(command.now) },
        },
      ];
    }

    case 'SupersedeSignup': {
      // Only a sign-up still waiting for its code or its answers is closed; one already
      // registering goes on, and the email claim decides which account gets the address.
      if (state.status !== 'pending' && state.status !== 'verified') return [];
      return [
        {
          type: T.Superseded,
          data: { signupId: state.signupId, supersededBy: command.by, supersededAt: iso(command.now) },
        },
      ];
    }
  }
}

/**
 * After VerifyCode: the error to answer when the appended events record a wrong guess (the
 * guess had to be stored before refusing), or null when the code was accepted.
 */
export function verificationRefusal(events: SignupEvent[], state: SignupState, now: number): AppError | null {
  const rejected = events.find((e) => e.type === T.CodeRejected);
  if (!rejected) return null;
  const attempts = rejected.data.attempts;
  return attempts >= MAX_CODE_ATTEMPTS
    ? tooManyAttempts(state, now)
    : invalidCode(MAX_CODE_ATTEMPTS - attempts);
}

export const signupDecider: Decider<SignupCommand, SignupEvent, SignupState> = {
  initialState: initialSignupState,
  evolve: evolveSignup,
  decide: decideSignup,
};
