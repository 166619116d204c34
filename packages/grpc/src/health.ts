import type * as grpc from '@grpc/grpc-js';
import { HealthImplementation, type ServingStatus } from 'grpc-health-check';

/**
 * The standard gRPC health service (grpc-health-check: Check, Watch and List), answering for the
 * whole server ('') and for each of its services by name. Readiness is asked afresh on every
 * call, since it follows connections (NATS, Redis) that come and go; `setServing(false)` (a
 * draining server) is told to watchers at once.
 */
export function addHealthService(
  server: grpc.Server,
  services: grpc.ServiceDefinition[],
  isReady: () => boolean,
): { setServing(serving: boolean): void } {
  const names = ['', ...new Set(services.flatMap(serviceNames))];
  const health = new HealthImplementation();
  let serving = true;
  const refresh = () => {
    const status: ServingStatus = serving && isReady() ? 'SERVING' : 'NOT_SERVING';
    for (const name of names) health.setStatus(name, status);
  };
  // The library keeps a status map; its handlers are wrapped so that the map is current when read
  // (and readiness is not asked before anyone asks for it).
  health.addToServer({
    addService: (definition, implementation) =>
      server.addService(
        definition,
        Object.fromEntries(
          Object.entries(implementation).map(([method, handle]) => [
            method,
            (...args: unknown[]) => {
              refresh();
              return (handle as (...a: unknown[]) => unknown)(...args);
            },
          ]),
        ),
      ),
  });
  return {
    setServing: (value) => {
      serving = value;
      refresh();
    },
  };
}

/** 'parley.identity.v1.Identity' from a definition's method paths ('/parley.identity.v1.Identity/SignUp'). */
const serviceNames = (definition: grpc.ServiceDefinition): string[] =>
  Object.values(definition).map((method) => method.path.split('/')[1] ?? '');
