import type * as grpc from '@grpc/grpc-js';
import { AppError } from '@parley/contracts';
import { findUnsafeText, invalidTextError } from '@parley/contracts/validation';
import { toServiceError } from './errors';

export type UnaryHandler<Req, Res> = (request: Req, metadata: grpc.Metadata) => Promise<Res>;

/**
 * Adapts an async function to grpc-js's callback shape, mapping thrown AppErrors to statuses.
 * A request holding a NUL or an unpaired surrogate in any text field is refused with
 * INVALID_ARGUMENT (app-code INVALID_TEXT) before the handler runs: the gateway refuses such text
 * already, and no service stores what PostgreSQL cannot keep, whoever calls it.
 */
export function unary<Req, Res>(
  handler: UnaryHandler<Req, Res>,
  onInternalError?: (error: unknown) => void,
  options: { checksItsOwnText?: boolean } = {},
): grpc.handleUnaryCall<Req, Res> {
  return (call, callback) => {
    // A batch method checks each item itself (runBatchItems), so a bad item fails alone.
    const unsafe = options.checksItsOwnText ? undefined : findUnsafeText(call.request);
    if (unsafe !== undefined) {
      callback(toServiceError(invalidTextError(unsafe)) as grpc.ServiceError);
      return;
    }
    handler(call.request, call.metadata).then(
      (response) => callback(null, response),
      (error: unknown) => {
        const mapped = toServiceError(error);
        // Defects and outages are logged by the service; AppErrors are answers, not failures.
        if (onInternalError && (mapped.code === 13 || !(error instanceof AppError))) onInternalError(error);
        callback(mapped as grpc.ServiceError);
      },
    );
  };
}
