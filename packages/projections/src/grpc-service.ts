import { loadService, unary } from '@parley/grpc';
import type { Pool } from 'pg';
import { deadLetterCounts } from './dead-letters';

interface DeadLetterCountsResponse {
  projections: { projection: string; count: number }[];
}

/**
 * parley.projections.v1.Projections for a service's gRPC server: its projections' dead letters
 * (not replayed) in its event namespace, for the gateway's readiness details.
 */
export function projectionsGrpcService(pool: Pool, namespace: string | undefined) {
  const Projections = loadService('projections/v1/projections.proto', 'parley.projections.v1.Projections');
  return {
    definition: Projections.service,
    implementation: {
      deadLetterCounts: unary<object, DeadLetterCountsResponse>(async () => ({
        projections: await deadLetterCounts(pool, namespace ?? ''),
      })),
    },
  };
}
