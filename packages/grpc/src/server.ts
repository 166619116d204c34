import * as grpc from '@grpc/grpc-js';
import { loadService } from './load';

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
  services: Array<{ definition: grpc.ServiceDefinition; implementation: grpc.UntypedServiceImplementation }>;
  isReady?: () => boolean;
  /**
   * The largest message it takes and sends; grpc-js's default is 4 MiB received, which a file
   * upload (content's CVs, up to 5 MB) would not fit in.
   */
  maxMessageBytes?: number;
}

/**
 * Starts a gRPC server with the standard health service and the given implementations.
 * `isReady` lets health reflect dependencies (NATS, PostgreSQL) rather than the bare process.
 */
export async function startGrpcServer(options: GrpcServerOptions): Promise<GrpcServerHandle> {
  const server = new grpc.Server(
    options.maxMessageBytes
      ? {
          'grpc.max_receive_message_length': options.maxMessageBytes,
          'grpc.max_send_message_length': options.maxMessageBytes,
        }
      : {},
  );
  let serving = true;
  const Health = loadService('grpc/health/v1/health.proto', 'grpc.health.v1.Health');
  server.addService(Health.service, {
    check: (_call: unknown, callback: grpc.sendUnaryData<{ status: string }>) =>
      callback(null, { status: serving && (options.isReady?.() ?? true) ? 'SERVING' : 'NOT_SERVING' }),
  });
  for (const s of options.services) server.addService(s.definition, s.implementation);
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
    setServing: (value) => {
      serving = value;
    },
    shutdown: (graceMs = 5000) =>
      new Promise<void>((resolve) => {
        serving = false;
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
