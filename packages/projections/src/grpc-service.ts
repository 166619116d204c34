import { loadService, unary, type ServiceBinding } from '@parley/grpc';
import type { Pool } from 'pg';
import { deadLetterCounts } from './dead-letters';

/**
 * parley.projections.v1.Projections for a service's gRPC server: its projections' dead letters
 * (not replayed) in its event namespace, for the gateway's readiness details.
 */
export function projectionsGrpcService(pool: Pool, namespace: string | undefined): ServiceBinding {
  const Projections = loadService('projections/v1/projections.proto', 'parley.projections.v1.Projections');
  return {
    definition: Projections.service,
    implementation: {
      DeadLetterCounts: unary(async () => ({
        projections: await deadLetterCounts(pool, namespace ?? ''),
      })),
    },
  };
}
