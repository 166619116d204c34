import { identityError, type IdentityErrorCode } from '@parley/contracts';

/** Refusals shared by more than one aggregate or handler; one place for their wording. */
export const EMAIL_TAKEN_MESSAGE = 'An account with this email already exists';

export const emailTaken = () =>
  identityError('conflict', EMAIL_TAKEN_MESSAGE, 'EMAIL_TAKEN', [
    { field: 'email', message: EMAIL_TAKEN_MESSAGE },
  ]);

export const userNotFound = () => identityError('not_found', 'User not found', 'USER_NOT_FOUND');

export const memberNotFound = () => identityError('not_found', 'Team member not found', 'MEMBER_NOT_FOUND');

export const signupNotFound = () =>
  identityError('not_found', 'Sign-up not found. Please start again.', 'SIGNUP_NOT_FOUND');

export const signupSuperseded = () =>
  identityError(
    'precondition',
    'This sign-up was replaced by a newer one. Please use the latest code we sent.',
    'SIGNUP_SUPERSEDED',
  );

export const tooSoon = (retryAfter: number, code: IdentityErrorCode = 'RESEND_TOO_SOON') =>
  identityError(
    'rate_limited',
    `Please wait ${retryAfter} seconds before requesting a new code`,
    code,
    [],
    retryAfter,
  );
