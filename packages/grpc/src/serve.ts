import { startGrpcServer, type GrpcServerHandle, type GrpcServerOptions } from './server';

/** Where a program collects what to undo on stop; @parley/program's Teardown fits. */
export interface StopSteps {
  add(step: () => Promise<void> | void): void;
}

/**
 * A program's gRPC server (health included), its shutdown added to `stops` once it listens, so
 * the program's stop, or a start-up step that fails after it, closes it again.
 */
export async function serveGrpc(stops: StopSteps, options: GrpcServerOptions): Promise<GrpcServerHandle> {
  const server = await startGrpcServer(options);
  stops.add(() => server.shutdown());
  return server;
}
