import { AppError, type AppErrorKind, type FieldError } from '../errors';

/**
 * The domains context's refusal codes, which clients may branch on (docs/api.md names them); the
 * service raises no other. INVALID_TEXT comes from the shared text check, not from the context.
 */
export const DOMAINS_ERROR_CODES = [
  'VALIDATION',
  'DOMAIN_NOT_FOUND',
  'DOMAIN_EXISTS',
  'DOMAIN_READ_ONLY',
  'PLAN_LIMIT',
  'PAYOUTS_NOT_READY',
  'FILTER_QUESTION_NOT_FOUND',
  'FILTER_QUESTION_LIMIT',
] as const;
export type DomainsErrorCode = (typeof DOMAINS_ERROR_CODES)[number];

/** A refusal of the domains context, its code one of DOMAINS_ERROR_CODES. */
export function domainsError(
  kind: AppErrorKind,
  message: string,
  code: DomainsErrorCode,
  fields: FieldError[] = [],
): AppError<DomainsErrorCode> {
  return new AppError(kind, message, fields, code);
}
