import { AppError, identityError } from '@parley/contracts';
import { emailTaken, signupNotFound, signupSuperseded } from '../shared/errors';
import { secondsUntil } from '../shared/time';
import { MAX_CODE_ATTEMPTS, MAX_CODE_SENDS, RESEND_INTERVAL_MS } from './policy';
import type { SignupState } from './state';

const otp = (message: string) => [{ field: 'otp', message }];

export function invalidCode(attemptsLeft: number): AppError {
  const left = attemptsLeft === 1 ? '1 attempt' : `${attemptsLeft} attempts`;
  const message = `The verification code is incorrect. You have ${left} left.`;
  return identityError('validation', message, 'INVALID_CODE', otp(message));
}

export function codeExpired(): AppError {
  const message = 'This verification code has expired. Please request a new one.';
  return identityError('validation', message, 'CODE_EXPIRED', otp(message));
}

export function tooManyAttempts(state: SignupState, now: number): AppError {
  if (state.sends >= MAX_CODE_SENDS) {
    const message = 'Too many incorrect codes. Please start the sign-up again.';
    return identityError('rate_limited', message, 'TOO_MANY_ATTEMPTS', otp(message));
  }
  const message = 'Too many incorrect codes. Please request a new code.';
  const resendAt = state.lastSentAt + RESEND_INTERVAL_MS;
  return identityError(
    'rate_limited',
    message,
    'TOO_MANY_ATTEMPTS',
    otp(message),
    resendAt > now ? secondsUntil(resendAt, now) : undefined,
  );
}

export const tooManyCodes = () =>
  identityError(
    'rate_limited',
    'You have requested too many codes. Please start the sign-up again.',
    'TOO_MANY_CODES',
  );

export const alreadyVerified = () =>
  identityError('precondition', 'This email is already verified', 'ALREADY_VERIFIED');

export const notVerified = () =>
  identityError('precondition', 'Please verify your email first', 'EMAIL_NOT_VERIFIED');

export const alreadyCompleted = () =>
  identityError('precondition', 'This sign-up is already complete. Please log in.', 'SIGNUP_COMPLETED');

export const duplicateRequest = () =>
  identityError('conflict', 'This request id was already used for another sign-up', 'DUPLICATE_REQUEST');

/** The refusal for a sign-up that can no longer move forward, or null when it still can. */
export function deadEnd(state: SignupState): AppError | null {
  switch (state.status) {
    case 'none':
      return signupNotFound();
    case 'superseded':
      return signupSuperseded();
    case 'rejected':
      return emailTaken();
    default:
      return null;
  }
}

export { MAX_CODE_ATTEMPTS };
