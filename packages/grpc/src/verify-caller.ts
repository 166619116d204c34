import * as grpc from '@grpc/grpc-js';
import { CALLER_TOKEN_METADATA, CallerTokenError, type CallerTokenVerifier } from './caller-token';

type UnaryImpl = (
  call: grpc.ServerUnaryCall<unknown, unknown>,
  callback: grpc.sendUnaryData<unknown>,
) => unknown;

/**
 * The implementation with every method behind the caller check: a call without a valid caller
 * token is answered UNAUTHENTICATED before the handler sees it. Who the caller acts for (the team
 * member) stays in the request; the token says the request comes from the gateway or a service.
 */
export function requireCallerToken(
  definition: grpc.ServiceDefinition,
  implementation: object,
  verify: CallerTokenVerifier,
): Record<string, grpc.UntypedHandleCall> {
  // The handlers were checked against the generated types where they were written; here they are
  // only wrapped, by name.
  const handlers = implementation as Record<string, grpc.UntypedHandleCall>;
  const wrapped = { ...handlers };
  for (const [name, method] of Object.entries(definition)) {
    const handler = handlers[name] as UnaryImpl | undefined;
    if (!handler) continue;
    // Every Parley method is unary; a streaming one would need its own check, so none passes unchecked.
    if (method.requestStream || method.responseStream)
      throw new Error(`caller tokens: ${method.path} is a streaming method, which is not checked`);
    wrapped[name] = ((
      call: grpc.ServerUnaryCall<unknown, unknown>,
      callback: grpc.sendUnaryData<unknown>,
    ) => {
      const token = call.metadata.get(CALLER_TOKEN_METADATA)[0];
      verify(typeof token === 'string' ? token : undefined).then(
        () => handler(call, callback),
        (error: unknown) =>
          callback({
            code: grpc.status.UNAUTHENTICATED,
            details: error instanceof CallerTokenError ? error.message : 'Caller token invalid',
          }),
      );
    }) as grpc.UntypedHandleCall;
  }
  return wrapped;
}
