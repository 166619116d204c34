import { randomUUID } from 'node:crypto';
import type { Client } from '@grpc/grpc-js';
import { AppError, BillingEvent, IdentityEvent, type UserRegistered } from '@parley/contracts';
import { ensureStream, EventStore } from '@parley/eventstore';
import { callUnary, createClient, loadService } from '@parley/grpc';
import { createLogger } from '@parley/logger';
import {
  connectTestNats,
  createTestDatabase,
  deleteNamespaceStreams,
  randomNamespace,
  TEST_NATS_URL,
  type TestDatabase,
} from '@parley/testing';
import type { NatsConnection } from 'nats';
import { startBilling, type Billing } from '../src/start';

const logger = createLogger('billing-usage-test', 'silent');

interface UsageResponse {
  accountId: string;
  allowed: boolean;
  requestsUsed: number;
  requestLimit: number;
  requestsRemaining: number;
  periodStart: string;
  periodEnd: string;
  plan: string;
}

/**
 * Request usage against real NATS and PostgreSQL, over billing's gRPC API: two service instances
 * share the stream, as replicas do, so the race test covers the event store's concurrency check
 * and not only one process's queue.
 */
describe('billing usage', () => {
  let db: TestDatabase;
  let nc: NatsConnection;
  let namespace: string;
  let identity: EventStore;
  const services: Billing[] = [];
  const clients: Client[] = [];
  let now = Date.parse('2026-11-20T12:00:00.000Z');

  const startOne = async () => {
    const service = await startBilling(
      {
        grpcPort: 0,
        databaseUrl: db.url,
        natsUrl: TEST_NATS_URL,
        eventNamespace: namespace,
        logLevel: 'silent',
      },
      logger,
      { clock: () => now },
    );
    services.push(service);
    clients.push(
      createClient(
        loadService('billing/v1/billing.proto', 'parley.billing.v1.Billing'),
        `127.0.0.1:${service.grpcPort}`,
      ),
    );
  };
  const call = (method: string, request: unknown, replica = 0) =>
    callUnary<unknown, UsageResponse>(clients[replica]!, method, request, { deadlineMs: 20_000 });
  const consume = (accountId: string, requestId: string, replica = 0) =>
    call('ConsumeRequest', { accountId, requestId }, replica);
  const usage = (accountId: string) =>
    call('GetUsage', { caller: { userId: accountId, accountId, role: 'OWNER' } });

  const register = async () => {
    const userId = randomUUID();
    const data: UserRegistered = {
      userId,
      email: `${userId}@example.com`,
      fullname: 'Ada Owner',
      role: 'OWNER',
      plan: 'STANDARD',
      selectedPlan: 'STANDARD',
      registeredAt: new Date(now).toISOString(),
      accountId: userId,
    };
    await identity.append(identity.subject('user', userId), [{ type: IdentityEvent.UserRegistered, data }], {
      expectedVersion: 0,
      commandId: randomUUID(),
    });
    return userId;
  };
  const consumeMany = async (accountId: string, count: number, prefix = 'm') => {
    for (let i = 1; i <= count; i++) await consume(accountId, `${prefix}${i}`);
  };
  /** The usage aggregate's events as stored, read with a fresh store so nothing is cached. */
  const thresholdEvents = async (accountId: string, periodKey: string) => {
    const billing = new EventStore(nc, { context: 'billing', namespace });
    const { events } = await billing.load(billing.subject('usage', `${accountId}_${periodKey}`));
    return events.filter((e) => e.type !== BillingEvent.RequestConsumed);
  };

  beforeAll(async () => {
    db = await createTestDatabase();
    nc = await connectTestNats();
    namespace = randomNamespace();
    await ensureStream(nc, 'identity', namespace);
    identity = new EventStore(nc, { context: 'identity', namespace });
    await startOne();
    await startOne();
  });

  afterAll(async () => {
    for (const c of clients) c.close();
    for (const s of services) await s.stop();
    await deleteNamespaceStreams(nc, namespace).catch(() => undefined);
    await nc?.close();
    await db?.drop();
  });

  it('starts a STANDARD account at 0 of 100 in the calendar month', async () => {
    const accountId = await register();
    expect(await usage(accountId)).toEqual({
      accountId,
      allowed: true,
      requestsUsed: 0,
      requestLimit: 100,
      requestsRemaining: 100,
      periodStart: '2026-11-01T00:00:00.000Z',
      periodEnd: '2026-12-01T00:00:00.000Z',
      plan: 'STANDARD',
    });
  });

  it('counts a redelivered request once', async () => {
    const accountId = await register();
    const first = await consume(accountId, 'msg-1');
    const again = await consume(accountId, 'msg-1', 1);
    expect(first).toMatchObject({ allowed: true, requestsUsed: 1, requestsRemaining: 99 });
    expect(again).toMatchObject({ allowed: true, requestsUsed: 1 });
    expect((await usage(accountId)).requestsUsed).toBe(1);
  });

  it('warns once at 80, reaches the limit once at 100, then refuses without counting', async () => {
    const accountId = await register();
    await consumeMany(accountId, 79);
    expect(await thresholdEvents(accountId, '20261101T000000Z')).toEqual([]);
    await consume(accountId, 'm80');
    await consumeMany(accountId, 99);
    const atLimit = await consume(accountId, 'm100');
    expect(atLimit).toMatchObject({ allowed: true, requestsUsed: 100, requestsRemaining: 0 });
    const refused = await consume(accountId, 'm101');
    expect(refused).toMatchObject({ allowed: false, requestsUsed: 100, requestLimit: 100 });
    // A request counted before the limit still reads as allowed when it is redelivered.
    expect(await consume(accountId, 'm100')).toMatchObject({ allowed: true, requestsUsed: 100 });
    expect(await usage(accountId)).toMatchObject({ allowed: false, requestsUsed: 100, requestsRemaining: 0 });

    const events = await thresholdEvents(accountId, '20261101T000000Z');
    expect(events.map((e) => [e.type, (e.data as { requestsUsed: number }).requestsUsed])).toEqual([
      [BillingEvent.UsageWarningReached, 80],
      [BillingEvent.UsageLimitReached, 100],
    ]);
    expect(events[1]!.data).toEqual({
      accountId,
      periodStart: '2026-11-01T00:00:00.000Z',
      periodEnd: '2026-12-01T00:00:00.000Z',
      plan: 'STANDARD',
      requestsUsed: 100,
      requestLimit: 100,
      reachedAt: new Date(now).toISOString(),
    });
  });

  it('counts the first request of accounts that registered a moment ago, on either replica', async () => {
    // The plan is assigned by whichever replica runs the registration reactor, possibly while a
    // request is already looking for it: none of these may be refused for a missing plan.
    // One at a time, so the reactor works on exactly the registration the request looks for.
    const results: UsageResponse[] = [];
    for (let i = 0; i < 30; i++) results.push(await consume(await register(), 'first', i % 2));
    expect(results.map((r) => [r.allowed, r.requestsUsed])).toEqual(results.map(() => [true, 1]));
  }, 60_000);

  it('never goes past the limit when requests race on two replicas', async () => {
    const accountId = await register();
    await consumeMany(accountId, 90, 'pre');
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) => consume(accountId, `race-${i}`, i % 2)),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
    expect((await usage(accountId)).requestsUsed).toBe(100);
    const events = await thresholdEvents(accountId, '20261101T000000Z');
    expect(events.filter((e) => e.type === BillingEvent.UsageLimitReached)).toHaveLength(1);
  });

  it('starts again at 0 in the next calendar month', async () => {
    const accountId = await register();
    await consumeMany(accountId, 3);
    now = Date.parse('2026-12-01T00:00:00.000Z');
    try {
      expect(await usage(accountId)).toMatchObject({
        requestsUsed: 0,
        periodStart: '2026-12-01T00:00:00.000Z',
      });
      expect(await consume(accountId, 'm1')).toMatchObject({ allowed: true, requestsUsed: 1 });
    } finally {
      now = Date.parse('2026-11-20T12:00:00.000Z');
    }
  });

  it('refuses a missing request id and an unknown account as typed errors', async () => {
    const accountId = await register();
    await expect(consume(accountId, '')).rejects.toMatchObject({ kind: 'validation' });
    await expect(consume('', 'x')).rejects.toMatchObject({ kind: 'validation' });
    await expect(consume(randomUUID(), 'x')).rejects.toBeInstanceOf(AppError);
    await expect(consume(randomUUID(), 'x')).rejects.toMatchObject({ kind: 'not_found' });
  });
});
