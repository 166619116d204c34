import { callUnary, createClient } from './client';
import { loadService } from './load';
import { serveGrpc } from './serve';

const Health = loadService('grpc/health/v1/health.proto', 'grpc.health.v1.Health');

describe('serveGrpc', () => {
  it('serves health and adds the shutdown to the stop steps, which stops the server', async () => {
    const steps: Array<() => Promise<void> | void> = [];
    const server = await serveGrpc(
      { add: (step) => void steps.push(step) },
      {
        host: '127.0.0.1',
        port: 0,
        services: [],
        isReady: () => true,
      },
    );
    const client = createClient(Health, `127.0.0.1:${server.port}`);
    try {
      await expect(callUnary(client, 'check', {}, { deadlineMs: 2000 })).resolves.toEqual({
        status: 'SERVING',
      });
      expect(steps).toHaveLength(1);

      await steps[0]!();

      await expect(callUnary(client, 'check', {}, { deadlineMs: 1000 })).rejects.toThrow();
    } finally {
      client.close();
      await server.shutdown(0);
    }
  });
});
