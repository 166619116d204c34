import { AppError } from '@parley/contracts';

/** Refusals shared by more than one aggregate or handler; one place for their wording. */
export const EMAIL_TAKEN_MESSAGE = 'An account with this email already exists';

export const emailTaken = () =>
  new AppError(
    'conflict',
    EMAIL_TAKEN_MESSAGE,
    [{ field: 'email', message: EMAIL_TAKEN_MESSAGE }],
    'EMAIL_TAKEN',
  );

export const userNotFound = () => new AppError('not_found', 'User not found', [], 'USER_NOT_FOUND');

export const memberNotFound = () =>
  new AppError('not_found', 'Team member not found', [], 'MEMBER_NOT_FOUND');

export const signupNotFound = () =>
  new AppError('not_found', 'Sign-up not found. Please start again.', [], 'SIGNUP_NOT_FOUND');

export const signupSuperseded = () =>
  new AppError(
    'precondition',
    'This sign-up was replaced by a newer one. Please use the latest code we sent.',
    [],
    'SIGNUP_SUPERSEDED',
  );

export const tooSoon = (retryAfter: number, code = 'RESEND_TOO_SOON') =>
  new AppError(
    'rate_limited',
    `Please wait ${retryAfter} seconds before requesting a new code`,
    [],
    code,
    retryAfter,
  );
