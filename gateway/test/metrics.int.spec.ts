// GET /metrics answers Prometheus text with the metrics docs/operations.md lists, fed by real
// traffic through the gateway into identity and billing (gRPC, events, projections, a socket).
import { randomUUID } from 'node:crypto';
import { ConcurrencyError, EventStore } from '@parley/eventstore';
import { serveMetrics } from '@parley/metrics';
import { Teardown } from '@parley/program';
import { connectTestNats, eventually } from '@parley/testing';
import { registerOwner } from './support/flows';
import { openSocket } from './support/sockets';
import { startStack, type TestStack } from './support/stack';

let stack: TestStack;
const stops = new Teardown({ warn: () => undefined });
let metricsUrl: string;

beforeAll(async () => {
  stack = await startStack();
  const { port } = await serveMetrics(stops, { port: 0, host: '127.0.0.1' });
  metricsUrl = `http://127.0.0.1:${port}/metrics`;
}, 120_000);
afterAll(async () => {
  await stops.run();
  await stack?.dispose();
});

interface Series {
  name: string;
  labels: Record<string, string>;
  value: number;
}

async function scrape(): Promise<Series[]> {
  const res = await fetch(metricsUrl);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  const series: Series[] = [];
  for (const line of (await res.text()).split('\n')) {
    const m = /^(\w+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m) continue;
    const labels = Object.fromEntries(
      [...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1]!, l[2]!]),
    );
    series.push({ name: m[1]!, labels, value: Number(m[3]) });
  }
  return series;
}

function find(series: Series[], name: string, match: Record<string, string | RegExp> = {}): Series[] {
  return series.filter(
    (s) =>
      s.name === name &&
      Object.entries(match).every(([k, v]) =>
        typeof v === 'string' ? s.labels[k] === v : v.test(s.labels[k] ?? ''),
      ),
  );
}
const total = (list: Series[]) => list.reduce((n, s) => n + s.value, 0);

describe('GET /metrics', () => {
  it('counts HTTP and gRPC calls, event appends and conflicts, projection lag, dead letters, pending and sockets', async () => {
    const client = stack.client();
    const owner = await registerOwner(stack, client);
    const socket = await openSocket(stack.gateways[0]!.url, owner.accessToken);

    // A conflict: two writers expect the same version of one aggregate.
    const nc = await connectTestNats();
    try {
      const store = new EventStore(nc, { context: 'identity', namespace: stack.namespace });
      const subject = store.subject('probe', randomUUID());
      const probe = [{ type: 'ProbeNoted', data: {} }];
      await store.append(subject, probe, { expectedVersion: 0, commandId: randomUUID() });
      await expect(
        store.append(subject, probe, { expectedVersion: 0, commandId: randomUUID() }),
      ).rejects.toThrow(ConcurrencyError);
    } finally {
      await nc.close();
    }

    // An answer of the error handler (a refused body) keeps its route's full pattern.
    const refused = await stack.client().post('/api/auth/signup', { email: 'not an address' });
    expect(refused.status).toBe(400);

    const series = await scrape();
    socket.disconnect();

    // HTTP by route pattern, never by raw path.
    expect(
      total(find(series, 'parley_http_requests_total', { method: 'POST', route: /signup/, status: '201' })),
    ).toBeGreaterThanOrEqual(2);
    expect(find(series, 'parley_http_requests_total', { route: new RegExp(owner.user.id) })).toEqual([]);
    expect(
      find(series, 'parley_http_request_duration_seconds_bucket', { route: /signup/, le: '+Inf' }).length,
    ).toBeGreaterThan(0);
    // gRPC as the identity server answered it and as the gateway's client saw it.
    expect(
      total(
        find(series, 'parley_grpc_server_handled_total', {
          method: /^parley\.identity\.v1\.Identity\//,
          code: 'OK',
        }),
      ),
    ).toBeGreaterThan(0);
    expect(
      total(find(series, 'parley_grpc_client_handled_total', { method: /Identity\//, outcome: 'ok' })),
    ).toBeGreaterThan(0);
    expect(
      find(series, 'parley_grpc_server_handling_seconds_count', { method: /Identity\// }).length,
    ).toBeGreaterThan(0);
    // The log: appends of the sign-up, and the conflict above.
    const identityStream = new RegExp(`^${stack.namespace.toUpperCase()}_IDENTITY$`);
    expect(
      total(find(series, 'parley_event_appends_total', { stream: identityStream, outcome: 'appended' })),
    ).toBeGreaterThanOrEqual(3);
    expect(
      total(find(series, 'parley_event_appends_total', { stream: identityStream, outcome: 'conflict' })),
    ).toBe(1);
    // Projections: lag, consumer pending and dead letters per projection.
    expect(find(series, 'parley_projection_lag_events', { projection: 'identity-users-v1' })).toHaveLength(1);
    expect(
      find(series, 'parley_projection_dead_letters', { projection: 'billing-registrations-v1' }),
    ).toEqual([expect.objectContaining({ value: 0 })]);
    expect(
      find(series, 'parley_consumer_pending_messages', { projection: 'identity-users-v1' }),
    ).toHaveLength(1);
    expect(
      total(
        find(series, 'parley_http_requests_total', {
          method: 'POST',
          route: '/api/auth/signup',
          status: '400',
        }),
      ),
    ).toBe(1);
    // The gateway's realtime relay, a consumer of the conversations log shared by its replicas.
    expect(find(series, 'parley_projection_lag_events', { projection: 'gateway-realtime' })).toEqual([
      expect.objectContaining({ value: 0 }),
    ]);
    expect(find(series, 'parley_consumer_pending_messages', { projection: 'gateway-realtime' })).toHaveLength(
      1,
    );
    // The socket that was open during the scrape.
    expect(total(find(series, 'parley_socketio_connections', { kind: 'team' }))).toBe(1);

    // Caught up, every projection's lag comes down to zero.
    await eventually(async () => {
      const later = await scrape();
      expect(find(later, 'parley_projection_lag_events', { projection: 'identity-users-v1' })[0]?.value).toBe(
        0,
      );
      expect(total(find(later, 'parley_socketio_connections', { kind: 'team' }))).toBe(0);
    });
  });

  it('answers 404 for anything but GET /metrics', async () => {
    const res = await fetch(metricsUrl.replace('/metrics', '/other'));
    expect(res.status).toBe(404);
  });
});
