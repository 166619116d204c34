import * as grpc from '@grpc/grpc-js';
import { CALLER_TOKEN_METADATA, type CallerTokenSigner } from './caller-token';
import { fromServiceError } from './errors';
import { clientCallTimer } from './metrics';

export interface ClientOptions {
  /** Per-call deadline; a call that takes longer fails as `unavailable`. */
  deadlineMs: number;
}

/**
 * How soon after a resolution the client may look the name up again. A reconnection (a server's
 * max connection age, a pod gone) asks for one: 5 s lets a scaled-out service be found within
 * seconds of that, where grpc-js's 30 s default would keep the new pods idle longer.
 */
const DNS_MIN_RESOLUTION_INTERVAL_MS = 5_000;

/**
 * A client with keep-alive and retries of UNAVAILABLE. It balances calls over every address the
 * name resolves to (`round_robin`; grpc-js's default, `pick_first`, would send everything to one
 * pod of a service for as long as the connection lives). In Kubernetes the address is a headless
 * Service, whose name resolves to each ready pod; servers close connections after a maximum age
 * (startGrpcServer), and each reconnection resolves the name again, so new pods get traffic.
 * `maxMessageBytes` raises the largest answer it takes (grpc-js's default is 4 MiB received) and
 * request it sends, for calls carrying files.
 */
export function createClient<C extends grpc.Client>(
  Service: new (address: string, credentials: grpc.ChannelCredentials, options?: grpc.ClientOptions) => C,
  address: string,
  options: { maxMessageBytes?: number; callerToken?: CallerTokenSigner } = {},
): C {
  return new Service(address, grpc.credentials.createInsecure(), {
    ...(options.callerToken ? { interceptors: [withCallerToken(options.callerToken)] } : {}),
    ...(options.maxMessageBytes
      ? {
          'grpc.max_receive_message_length': options.maxMessageBytes,
          'grpc.max_send_message_length': options.maxMessageBytes,
        }
      : {}),
    'grpc.keepalive_time_ms': 30000,
    'grpc.dns_min_time_between_resolutions_ms': DNS_MIN_RESOLUTION_INTERVAL_MS,
    'grpc.service_config': JSON.stringify({
      loadBalancingConfig: [{ round_robin: {} }],
      methodConfig: [
        {
          name: [{}],
          retryPolicy: {
            maxAttempts: 3,
            initialBackoff: '0.1s',
            maxBackoff: '1s',
            backoffMultiplier: 2,
            retryableStatusCodes: ['UNAVAILABLE'],
          },
        },
      ],
    }),
  });
}

/**
 * Puts the caller's token in every call's metadata (the services check it). Signing is
 * asynchronous; grpc-js holds the call's message until the metadata goes out. A signing failure
 * sends the call without a token, which the service refuses as UNAUTHENTICATED.
 */
function withCallerToken(sign: CallerTokenSigner): grpc.Interceptor {
  return (options, nextCall) =>
    new grpc.InterceptingCall(nextCall(options), {
      start(metadata, listener, next) {
        sign().then(
          (token) => {
            metadata.set(CALLER_TOKEN_METADATA, token);
            next(metadata, listener);
          },
          () => next(metadata, listener),
        );
      },
    });
}

/** Calls a unary method with a deadline and optional metadata; rejects with an AppError. */
export function callUnary<Req, Res>(
  client: grpc.Client,
  method: string,
  request: Req,
  options: ClientOptions & { metadata?: Record<string, string> },
): Promise<Res> {
  const fn = (client as unknown as Record<string, (...args: unknown[]) => unknown>)[method];
  if (typeof fn !== 'function') return Promise.reject(new Error(`no gRPC method ${method}`));
  const { headers, done } = clientCallTimer(client, method);
  const md = new grpc.Metadata();
  for (const [k, v] of Object.entries(options.metadata ?? {})) md.set(k, v);
  for (const [k, v] of Object.entries(headers)) md.set(k, v);
  return new Promise<Res>((resolve, reject) => {
    // grpc-js captures a stack trace at every call, only to append it to a failed call's error;
    // fromServiceError keeps the status and message, never that stack, and on the gateway's
    // busiest path the capture was a few percent of its CPU. The call is started synchronously.
    const stackTraceLimit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    try {
      fn.call(
        client,
        request,
        md,
        { deadline: new Date(Date.now() + options.deadlineMs) },
        (err: grpc.ServiceError | null, res: Res) => {
          if (!err) {
            done('ok');
            return resolve(res);
          }
          const error = fromServiceError(err);
          done(error.kind);
          reject(error);
        },
      );
    } finally {
      Error.stackTraceLimit = stackTraceLimit;
    }
  });
}
