/**
 * Errors as values. Domain code returns or throws an AppError; each boundary maps its `kind`
 * once: gRPC status in packages/grpc, HTTP status in the gateway.
 */
export type AppErrorKind =
  | 'validation'
  | 'not_found'
  | 'conflict'
  | 'unauthenticated'
  | 'forbidden'
  | 'precondition'
  | 'rate_limited'
  | 'unavailable'
  | 'internal';

export interface FieldError {
  field: string;
  message: string;
}

/**
 * `Code` is the context's union of refusal codes (e.g. ConversationsErrorCode), so a context's
 * errors carry typed values; the boundaries read any code as a string.
 */
export class AppError<Code extends string = string> extends Error {
  constructor(
    readonly kind: AppErrorKind,
    message: string,
    /** Per-field messages for validation errors, in form order. */
    readonly fields: FieldError[] = [],
    /** Machine-readable reason, e.g. 'REGISTRATION_DISABLED', for clients that branch on it. */
    readonly code?: Code,
    /** Seconds the caller should wait, for rate_limited. */
    readonly retryAfter?: number,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const isAppError = (e: unknown): e is AppError => e instanceof AppError;
