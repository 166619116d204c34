import { loadService, rpcClient } from '@parley/grpc';

/** The standard gRPC health check of one service: true only when it answers SERVING in time. */
export interface HealthClient {
  isServing(deadlineMs?: number): Promise<boolean>;
  close(): void;
}

export function createHealthClient(address: string, defaultDeadlineMs: number): HealthClient {
  const Health = loadService('grpc/health/v1/health.proto', 'grpc.health.v1.Health');
  const rpc = rpcClient(Health, address, { deadlineMs: defaultDeadlineMs });
  return {
    isServing: async (deadlineMs = defaultDeadlineMs) => {
      try {
        const answer = await rpc.check({ service: '' }, { deadlineMs });
        return answer.status === 'SERVING';
      } catch {
        return false;
      }
    },
    close: () => rpc.close(),
  };
}
