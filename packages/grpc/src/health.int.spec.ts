// The standard health service every gRPC server carries (grpc-health-check): the whole server
// ('') and each service by name, readiness asked afresh per check, a draining server NOT_SERVING.
import { callUnary, createClient } from './client';
import { loadService } from './load';
import { startGrpcServer } from './server';

const Health = loadService('grpc/health/v1/health.proto', 'grpc.health.v1.Health');
const Projections = loadService('projections/v1/projections.proto', 'parley.projections.v1.Projections');

describe('the gRPC health service', () => {
  it('answers for the server and its services, follows readiness, and says NOT_SERVING once draining', async () => {
    let ready = true;
    const server = await startGrpcServer({
      host: '127.0.0.1',
      port: 0,
      services: [{ definition: Projections.service, implementation: { DeadLetterCounts: () => undefined } }],
      isReady: () => ready,
    });
    const client = createClient(Health, `127.0.0.1:${server.port}`);
    const check = (service: string) => callUnary(client, 'check', { service }, { deadlineMs: 2000 });
    try {
      await expect(check('')).resolves.toEqual({ status: 'SERVING' });
      await expect(check('parley.projections.v1.Projections')).resolves.toEqual({ status: 'SERVING' });
      await expect(check('parley.nothing.v1.Nothing')).rejects.toMatchObject({ kind: 'not_found' });

      ready = false;
      await expect(check('')).resolves.toEqual({ status: 'NOT_SERVING' });
      await expect(check('parley.projections.v1.Projections')).resolves.toEqual({ status: 'NOT_SERVING' });
      ready = true;
      await expect(check('')).resolves.toEqual({ status: 'SERVING' });

      server.setServing(false);
      await expect(check('')).resolves.toEqual({ status: 'NOT_SERVING' });
    } finally {
      client.close();
      await server.shutdown(0);
    }
  });
});
