// Two replicas of one service behind one DNS name, as a headless Service in Kubernetes gives them:
// the project's client must spread calls over both, and find a replica added later once its
// connection is recycled by the server's max connection age.
import '../test/dns-authority';
import type { Client } from '@grpc/grpc-js';
import { startTestDnsServer, type TestDnsServer } from '@parley/testing';
import { callUnary, createClient } from './client';
import { loadService } from './load';
import { startGrpcServer, type GrpcServerHandle } from './server';

const Health = loadService('grpc/health/v1/health.proto', 'grpc.health.v1.Health');

/** A replica that counts the calls it answered (health checks ask isReady once each). */
async function replica(host: string, port: number, maxConnectionAgeMs?: number) {
  const counter = { calls: 0, server: undefined as unknown as GrpcServerHandle };
  counter.server = await startGrpcServer({
    host,
    port,
    services: [],
    isReady: () => {
      counter.calls++;
      return true;
    },
    ...(maxConnectionAgeMs ? { maxConnectionAgeMs } : {}),
  });
  return counter;
}

describe('gRPC clients across replicas', () => {
  let dns: TestDnsServer;
  const closers: Array<() => Promise<void> | void> = [];

  beforeAll(async () => {
    dns = await startTestDnsServer();
  });
  afterEach(async () => {
    for (const close of closers.splice(0).reverse()) await close();
  });
  afterAll(async () => {
    await dns.close();
  });

  function client(name: string, port: number): Client {
    const c = createClient(Health, `dns://127.0.0.1:${dns.port}/${name}:${port}`);
    closers.push(() => c.close());
    return c;
  }

  it('spreads calls round-robin over every address the name resolves to', async () => {
    const a = await replica('127.0.0.1', 0);
    const b = await replica('127.0.0.2', a.server.port);
    closers.push(
      () => a.server.shutdown(0),
      () => b.server.shutdown(0),
    );
    dns.set('replicas.parley.test', ['127.0.0.1', '127.0.0.2']);
    const c = client('replicas.parley.test', a.server.port);

    // Until both connections are up, round_robin uses the ready one.
    for (let i = 0; i < 200 && (a.calls === 0 || b.calls === 0); i++)
      await callUnary(c, 'check', {}, { deadlineMs: 2000 });
    expect(a.calls).toBeGreaterThan(0);
    expect(b.calls).toBeGreaterThan(0);

    const [beforeA, beforeB] = [a.calls, b.calls];
    for (let i = 0; i < 40; i++) await callUnary(c, 'check', {}, { deadlineMs: 2000 });
    // Strict alternation once both are ready.
    expect(a.calls - beforeA).toBe(20);
    expect(b.calls - beforeB).toBe(20);
  });

  it('finds a replica added to the name once the server recycles the connection', async () => {
    const a = await replica('127.0.0.1', 0, 1000);
    const b = await replica('127.0.0.2', a.server.port, 1000);
    closers.push(
      () => a.server.shutdown(0),
      () => b.server.shutdown(0),
    );
    dns.set('scaled.parley.test', ['127.0.0.1']);
    const c = client('scaled.parley.test', a.server.port);
    for (let i = 0; i < 10; i++) await callUnary(c, 'check', {}, { deadlineMs: 2000 });
    expect(b.calls).toBe(0);

    // The service scales out: the name now resolves to a second pod.
    dns.set('scaled.parley.test', ['127.0.0.1', '127.0.0.2']);
    const resolvedBefore = dns.queries('scaled.parley.test');
    const scaledAt = Date.now();
    while (b.calls === 0 && Date.now() - scaledAt < 20_000) {
      await callUnary(c, 'check', {}, { deadlineMs: 2000 });
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(b.calls).toBeGreaterThan(0);
    expect(dns.queries('scaled.parley.test')).toBeGreaterThan(resolvedBefore);
    console.log(`new replica got its first call ${Date.now() - scaledAt} ms after it was added to DNS`);
  });
});
