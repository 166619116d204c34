import type * as grpc from '@grpc/grpc-js';
import { toServiceError } from './errors';

export type UnaryHandler<Req, Res> = (request: Req, metadata: grpc.Metadata) => Promise<Res>;

/** Adapts an async function to grpc-js's callback shape, mapping thrown AppErrors to statuses. */
export function unary<Req, Res>(
  handler: UnaryHandler<Req, Res>,
  onInternalError?: (error: unknown) => void,
): grpc.handleUnaryCall<Req, Res> {
  return (call, callback) => {
    handler(call.request, call.metadata).then(
      (response) => callback(null, response),
      (error: unknown) => {
        const mapped = toServiceError(error);
        if (mapped.code === 13 && onInternalError) onInternalError(error);
        callback(mapped as grpc.ServiceError);
      },
    );
  };
}
