import * as grpc from '@grpc/grpc-js';
import type { CallerTokenVerifier } from './caller-token';
import { addHealthService } from './health';
import { instrumented } from './metrics';
import type { ServiceBinding } from './services';
import { requireCallerToken } from './verify-caller';

export interface GrpcServerHandle {
  server: grpc.Server;
  port: number;
  /** Flips the health status; a draining server reports NOT_SERVING before it stops. */
  setServing(serving: boolean): void;
  /** Stops accepting calls, lets in-flight ones finish, forces after `graceMs`. */
  shutdown(graceMs?: number): Promise<void>;
}

export interface GrpcServerOptions {
  host?: string;
  port: number;
  /** Each service's definition with its handlers, typed from proto/ and checked against each other. */
  services: ServiceBinding[];
  isReady?: () => boolean;
  /**
   * The largest message it takes and sends; grpc-js's default is 4 MiB received, which a file
   * upload (content's CVs, up to 5 MB) would not fit in.
   */
  maxMessageBytes?: number;
  /**
   * After this long a connection is closed (GOAWAY, calls in flight finish), so that clients
   * resolve the service's name again and spread over pods added since. Default 5 minutes.
   */
  maxConnectionAgeMs?: number;
  /**
   * Checks the caller token of every call to `services` (the health service stays open to probes);
   * a call without a valid one is answered UNAUTHENTICATED. Unset: every call is served.
   */
  callerTokens?: CallerTokenVerifier;
}

export const DEFAULT_MAX_CONNECTION_AGE_MS = 5 * 60_000;
/** Calls in flight when a connection reaches its age get this long to finish. */
const MAX_CONNECTION_AGE_GRACE_MS = 30_000;
/** Pings an idle client now and then: a peer that vanished (a node lost) is noticed and let go. */
const KEEPALIVE_TIME_MS = 60_000;
const KEEPALIVE_TIMEOUT_MS = 20_000;

/**
 * Starts a gRPC server with the standard health service and the given implementations.
 * `isReady` lets health reflect dependencies (NATS, PostgreSQL) rather than the bare process.
 */
export async function startGrpcServer(options: GrpcServerOptions): Promise<GrpcServerHandle> {
  const server = new grpc.Server({
    ...(options.maxMessageBytes
      ? {
          'grpc.max_receive_message_length': options.maxMessageBytes,
          'grpc.max_send_message_length': options.maxMessageBytes,
        }
      : {}),
    'grpc.max_connection_age_ms': options.maxConnectionAgeMs ?? DEFAULT_MAX_CONNECTION_AGE_MS,
    'grpc.max_connection_age_grace_ms': MAX_CONNECTION_AGE_GRACE_MS,
    'grpc.keepalive_time_ms': KEEPALIVE_TIME_MS,
    'grpc.keepalive_timeout_ms': KEEPALIVE_TIMEOUT_MS,
  });
  const health = addHealthService(
    server,
    options.services.map((s) => s.definition),
    options.isReady ?? (() => true),
  );
  for (const s of options.services) {
    // grpc-js's server is untyped; the binding was checked against the generated types already.
    const definition: grpc.ServiceDefinition = s.definition;
    const checked = options.callerTokens
      ? requireCallerToken(definition, s.implementation, options.callerTokens)
      : s.implementation;
    server.addService(definition, instrumented(definition, checked));
  }
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync(
      `${options.host ?? '0.0.0.0'}:${options.port}`,
      grpc.ServerCredentials.createInsecure(),
      (err, bound) => (err ? reject(err) : resolve(bound)),
    ),
  );
  return {
    server,
    port,
    setServing: health.setServing,
    shutdown: (graceMs = 5000) =>
      new Promise<void>((resolve) => {
        health.setServing(false);
        const timer = setTimeout(() => {
          server.forceShutdown();
          resolve();
        }, graceMs);
        server.tryShutdown(() => {
          clearTimeout(timer);
          resolve();
        });
      }),
  };
}
