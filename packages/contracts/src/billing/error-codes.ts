import { AppError, type AppErrorKind, type FieldError } from '../errors';

/**
 * The billing context's refusal codes (plans, usage, payments), which clients may branch on
 * (docs/api.md names them); the service raises no other. A refusal without a reason of its own
 * carries its kind's code (VALIDATION, UNAVAILABLE), the one the gateway answers with anyway.
 */
export const BILLING_ERROR_CODES = [
  'VALIDATION',
  'UNAVAILABLE',
  'MALFORMED_JSON',
  'INVALID_ACCOUNT_ID',
  'INVALID_REQUEST_ID',
  'ACCOUNT_NOT_FOUND',
  'NO_BILLING_ACCOUNT',
  'ALREADY_SUBSCRIBED',
  'PAYMENTS_NOT_CONFIGURED',
  'PAYMENTS_UNAVAILABLE',
  'PAYMENT_NOT_COMPLETED',
  'PAYMENT_METHOD_REQUIRED',
  'PORTAL_NOT_CONFIGURED',
  'CARD_DECLINED',
  'PAYMENT_PROVIDER_ERROR',
  'INVALID_SIGNATURE',
] as const;
export type BillingErrorCode = (typeof BILLING_ERROR_CODES)[number];

export const isBillingErrorCode = (code: unknown): code is BillingErrorCode =>
  (BILLING_ERROR_CODES as readonly unknown[]).includes(code);

/** A refusal of the billing context, its code one of BILLING_ERROR_CODES. */
export function billingError(
  kind: AppErrorKind,
  message: string,
  code: BillingErrorCode,
  fields: FieldError[] = [],
): AppError<BillingErrorCode> {
  return new AppError(kind, message, fields, code);
}
