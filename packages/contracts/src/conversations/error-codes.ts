import { AppError, type AppErrorKind, type FieldError } from '../errors';

/**
 * The conversations context's refusal codes, which clients may branch on (docs/api.md names
 * them); the service raises no other. CONCURRENT_CHANGE and INVALID_TEXT come from the shared gRPC
 * boundary, not from the context.
 */
export const CONVERSATIONS_ERROR_CODES = [
  'ROOM_NOT_FOUND',
  'NO_ROOM_ACCESS',
  'OWNER_ONLY',
  'FORBIDDEN',
  'DOMAIN_NOT_FOUND',
  'CUSTOMER_NOT_FOUND',
  'VALIDATION',
  'SLOT_TAKEN',
  'KEY_TAKEN',
  'NO_VISITOR',
] as const;
export type ConversationsErrorCode = (typeof CONVERSATIONS_ERROR_CODES)[number];

/** A refusal of the conversations context, its code one of CONVERSATIONS_ERROR_CODES. */
export function conversationsError(
  kind: AppErrorKind,
  message: string,
  code: ConversationsErrorCode,
  fields: FieldError[] = [],
): AppError<ConversationsErrorCode> {
  return new AppError(kind, message, fields, code);
}
