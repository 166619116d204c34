import * as grpc from '@grpc/grpc-js';
import { AppError, type AppErrorKind, type FieldError } from '@parley/contracts';
import { isDependencyOutage } from './outage';

const statusOf: Record<AppErrorKind, grpc.status> = {
  validation: grpc.status.INVALID_ARGUMENT,
  not_found: grpc.status.NOT_FOUND,
  conflict: grpc.status.ALREADY_EXISTS,
  unauthenticated: grpc.status.UNAUTHENTICATED,
  forbidden: grpc.status.PERMISSION_DENIED,
  precondition: grpc.status.FAILED_PRECONDITION,
  rate_limited: grpc.status.RESOURCE_EXHAUSTED,
  unavailable: grpc.status.UNAVAILABLE,
  internal: grpc.status.INTERNAL,
};

const kindOf = new Map<grpc.status, AppErrorKind>(
  Object.entries(statusOf).map(([kind, status]) => [status, kind as AppErrorKind]),
);

const TRY_AGAIN = 'Service temporarily unavailable. Please try again.';

/**
 * What a thrown error means to the caller. The event store's errors are known by name (this
 * package does not depend on the store): a write that lost its race after the service's retries
 * is a conflict the user can retry; a batch cut short by the log going away is unavailable.
 */
function appErrorOf(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const name = error instanceof Error ? error.name : undefined;
  if (name === 'ConcurrencyError') {
    return new AppError(
      'conflict',
      'Someone else changed this at the same moment. Please try again.',
      [],
      'CONCURRENT_CHANGE',
    );
  }
  if (name === 'PartialAppendError' || isDependencyOutage(error))
    return new AppError('unavailable', TRY_AGAIN);
  return new AppError('internal', 'An unexpected error occurred');
}

/**
 * AppError -> gRPC error; the kind's details travel in metadata so the gateway can rebuild it. A
 * store that is down is UNAVAILABLE (the gateway's 503), anything else unexpected INTERNAL.
 */
export function toServiceError(error: unknown): Partial<grpc.ServiceError> {
  const app = appErrorOf(error);
  const metadata = new grpc.Metadata();
  metadata.set('app-kind', app.kind);
  if (app.fields.length) metadata.set('app-fields', JSON.stringify(app.fields));
  if (app.code) metadata.set('app-code', app.code);
  if (app.retryAfter !== undefined) metadata.set('app-retry-after', String(app.retryAfter));
  return { code: statusOf[app.kind], details: app.message, metadata };
}

/** gRPC error -> AppError, on the client side. Transport failures become `unavailable`. */
export function fromServiceError(error: grpc.ServiceError): AppError {
  const md = error.metadata;
  const kind = (md?.get('app-kind')[0] as AppErrorKind | undefined) ?? kindOf.get(error.code);
  if (
    !kind ||
    error.code === grpc.status.DEADLINE_EXCEEDED ||
    (error.code === grpc.status.UNAVAILABLE && !md?.get('app-kind')[0])
  ) {
    return new AppError('unavailable', 'Service temporarily unavailable. Please try again.');
  }
  const fieldsRaw = md?.get('app-fields')[0];
  const fields = fieldsRaw ? (JSON.parse(String(fieldsRaw)) as FieldError[]) : [];
  const code = md?.get('app-code')[0];
  const retry = md?.get('app-retry-after')[0];
  return new AppError(
    kind,
    error.details || error.message,
    fields,
    code === undefined ? undefined : String(code),
    retry === undefined ? undefined : Number(retry),
  );
}

/** One item's error in a batch answer: what a single call carries in its status and app-* metadata. */
export interface ItemErrorMessage {
  kind: string;
  message: string;
  fieldsJson: string;
  code: string;
  retryAfter?: number;
}

/** A thrown error -> one batch item's error, mapped as toServiceError maps a single call's. */
export function toItemError(error: unknown): ItemErrorMessage {
  const app = appErrorOf(error);
  return {
    kind: app.kind,
    message: app.message,
    fieldsJson: app.fields.length ? JSON.stringify(app.fields) : '',
    code: app.code ?? '',
    ...(app.retryAfter !== undefined ? { retryAfter: app.retryAfter } : {}),
  };
}

/** A batch item's error -> the AppError fromServiceError would have rebuilt from a single call. */
export function fromItemError(error: ItemErrorMessage): AppError {
  const kind = error.kind as AppErrorKind;
  if (!(kind in statusOf)) return new AppError('unavailable', TRY_AGAIN);
  return new AppError(
    kind,
    error.message,
    error.fieldsJson ? (JSON.parse(error.fieldsJson) as FieldError[]) : [],
    error.code || undefined,
    error.retryAfter ?? undefined,
  );
}

/** The gRPC status a single call would have answered for `error` (a batch item's span records it). */
export function statusCodeOf(error: unknown): grpc.status {
  return statusOf[appErrorOf(error).kind];
}
