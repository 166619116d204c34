import { AppError, type AppErrorKind, type FieldError } from '../errors';

/**
 * The notifications context's refusal codes (in-app notifications, newsletter, marketing
 * campaigns, outgoing webhooks), which clients may branch on (docs/api.md and docs/api/*.md name
 * them); the service raises no other. A refusal without a reason of its own carries its kind's
 * code (VALIDATION, NOT_FOUND…), the one the gateway answers with anyway.
 */
export const NOTIFICATIONS_ERROR_CODES = [
  'VALIDATION',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'UNAVAILABLE',
  'NOTIFICATION_NOT_FOUND',
  'NEWSLETTER_LINK_INVALID',
  'NEWSLETTER_LINK_EXPIRED',
  'CAMPAIGN_SENT',
  'NO_RECIPIENTS',
  'EMAIL_LIMIT',
  'PLAN_REQUIRED',
  'WEBHOOK_NOT_FOUND',
  'DELIVERY_NOT_FOUND',
  'TOO_MANY_WEBHOOKS',
] as const;
export type NotificationsErrorCode = (typeof NOTIFICATIONS_ERROR_CODES)[number];

/** A refusal of the notifications context, its code one of NOTIFICATIONS_ERROR_CODES. */
export function notificationsError(
  kind: AppErrorKind,
  message: string,
  code: NotificationsErrorCode,
  fields: FieldError[] = [],
): AppError<NotificationsErrorCode> {
  return new AppError(kind, message, fields, code);
}

/** Whether `e` is the notifications context's refusal with this code, checked against the union. */
export const isNotificationsRefusal = (
  e: unknown,
  code: NotificationsErrorCode,
): e is AppError<NotificationsErrorCode> => e instanceof AppError && e.code === code;
