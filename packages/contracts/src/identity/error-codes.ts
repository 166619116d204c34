import { AppError, type AppErrorKind, type FieldError } from '../errors';

/**
 * The identity context's refusal codes, which clients may branch on (docs/api.md names them);
 * the service raises no other. A refusal without a reason of its own carries its kind's code
 * (VALIDATION, FORBIDDEN), the one the gateway answers with anyway.
 */
export const IDENTITY_ERROR_CODES = [
  'VALIDATION',
  'FORBIDDEN',
  'EMAIL_TAKEN',
  'USER_NOT_FOUND',
  'MEMBER_NOT_FOUND',
  'ALREADY_MEMBER',
  'INVALID_CREDENTIALS',
  'TOO_MANY_ATTEMPTS',
  'LOGIN_DISABLED',
  'REGISTRATION_DISABLED',
  'INVALID_CURRENT_PASSWORD',
  'SAME_PASSWORD',
  'PASSWORD_CHANGED',
  'INVALID_REFRESH_TOKEN',
  'SESSION_EXPIRED',
  'SESSION_REVOKED',
  'TOKEN_REUSED',
  'TOKEN_ROTATED',
  'SIGNUP_NOT_FOUND',
  'SIGNUP_SUPERSEDED',
  'SIGNUP_COMPLETED',
  'EMAIL_NOT_VERIFIED',
  'ALREADY_VERIFIED',
  'INVALID_CODE',
  'CODE_EXPIRED',
  'TOO_MANY_CODES',
  'TOO_MANY_SIGNUPS',
  'DUPLICATE_REQUEST',
  'RESEND_TOO_SOON',
  'INVITE_NOT_FOUND',
  'TOO_MANY_INVITES',
  'INVALID_API_KEY',
  'API_KEY_NOT_FOUND',
  'TOO_MANY_API_KEYS',
] as const;
export type IdentityErrorCode = (typeof IDENTITY_ERROR_CODES)[number];

/** A refusal of the identity context, its code one of IDENTITY_ERROR_CODES. */
export function identityError(
  kind: AppErrorKind,
  message: string,
  code: IdentityErrorCode,
  fields: FieldError[] = [],
  retryAfter?: number,
): AppError<IdentityErrorCode> {
  return new AppError(kind, message, fields, code, retryAfter);
}

/** Whether `e` is identity's refusal with this code; the code is checked against the union. */
export const isIdentityRefusal = (e: unknown, code: IdentityErrorCode): e is AppError<IdentityErrorCode> =>
  e instanceof AppError && e.code === code;
