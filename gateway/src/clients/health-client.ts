import { callUnary, createClient, loadService } from '@parley/grpc';

/** The standard gRPC health check of one service: true only when it answers SERVING in time. */
export interface HealthClient {
  isServing(deadlineMs?: number): Promise<boolean>;
  close(): void;
}

export function createHealthClient(address: string, defaultDeadlineMs: number): HealthClient {
  const Health = loadService('grpc/health/v1/health.proto', 'grpc.health.v1.Health');
  const client = createClient(Health, address);
  return {
    isServing: async (deadlineMs = defaultDeadlineMs) => {
      try {
        const answer = await callUnary<{ service: string }, { status: string }>(
          client,
          'check',
          { service: '' },
          { deadlineMs },
        );
        return answer.status === 'SERVING';
      } catch {
        return false;
      }
    },
    close: () => client.close(),
  };
}
