import { AppError } from '@parley/contracts';
import { loadService } from './load';
import { rpcClient } from './rpc-client';
import { startGrpcServer, type GrpcServerHandle } from './server';
import { unary } from './unary';

const Projections = loadService('projections/v1/projections.proto', 'parley.projections.v1.Projections');

describe('rpcClient', () => {
  let server: GrpcServerHandle;
  let answer: () => Promise<{ projections: { projection: string; count: number }[] }>;
  const seenRequestIds: unknown[] = [];

  beforeAll(async () => {
    server = await startGrpcServer({
      host: '127.0.0.1',
      port: 0,
      services: [
        {
          definition: Projections.service,
          implementation: {
            DeadLetterCounts: unary(async (_request, metadata) => {
              seenRequestIds.push(metadata.get('x-request-id')[0]);
              return answer();
            }),
          },
        },
      ],
    });
  });
  afterAll(() => server.shutdown(0));

  it("calls a service's method by its generated name and answers what proto-loader decodes", async () => {
    answer = async () => ({ projections: [{ projection: 'rooms', count: 2 }] });
    const rpc = rpcClient(Projections, `127.0.0.1:${server.port}`, { deadlineMs: 5000 });
    try {
      await expect(rpc.deadLetterCounts({}, { metadata: { 'x-request-id': 'r-1' } })).resolves.toEqual({
        projections: [{ projection: 'rooms', count: 2 }],
      });
      expect(seenRequestIds).toContain('r-1');
    } finally {
      rpc.close();
    }
  });

  it("rejects with the service's AppError, its kind and code kept", async () => {
    answer = async () => {
      throw new AppError('not_found', 'Nothing here', [], 'NOTHING');
    };
    const rpc = rpcClient(Projections, `127.0.0.1:${server.port}`, { deadlineMs: 5000 });
    try {
      const refusal = await rpc.deadLetterCounts({}).catch((e: unknown) => e);
      expect(refusal).toBeInstanceOf(AppError);
      expect(refusal).toMatchObject({ kind: 'not_found', message: 'Nothing here', code: 'NOTHING' });
    } finally {
      rpc.close();
    }
  });

  it('fails as unavailable when the call outlives its own deadline', async () => {
    answer = () => new Promise((resolve) => setTimeout(() => resolve({ projections: [] }), 500));
    const rpc = rpcClient(Projections, `127.0.0.1:${server.port}`, { deadlineMs: 5000 });
    try {
      await expect(rpc.deadLetterCounts({}, { deadlineMs: 50 })).rejects.toMatchObject({
        kind: 'unavailable',
      });
    } finally {
      rpc.close();
    }
  });

  it('has only the methods the proto declares, plus close', () => {
    const rpc = rpcClient(Projections, `127.0.0.1:${server.port}`, { deadlineMs: 5000 });
    expect(Object.keys(rpc).sort()).toEqual(['close', 'deadLetterCounts']);
    rpc.close();
  });
});
