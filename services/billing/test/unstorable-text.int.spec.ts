// An identity registration already in the log with text PostgreSQL refuses (NUL, lone
// surrogates) still gives its account a plan: the reactor applies it, nothing is parked.
import { randomUUID } from 'node:crypto';
import type { Client } from '@grpc/grpc-js';
import { IdentityEvent, type UserRegistered } from '@parley/contracts';
import { ensureStream, EventStore } from '@parley/eventstore';
import { callUnary, createClient, loadService } from '@parley/grpc';
import { createLogger } from '@parley/logger';
import {
  connectTestNats,
  createTestDatabase,
  deadLetters,
  deleteNamespaceStreams,
  eventually,
  randomNamespace,
  TEST_NATS_URL,
  unstorable,
  type TestDatabase,
} from '@parley/testing';
import type { NatsConnection } from 'nats';
import { startBilling, type Billing } from '../src/start';

describe('billing and text PostgreSQL refuses', () => {
  let db: TestDatabase;
  let nc: NatsConnection;
  let namespace: string;
  let service: Billing;
  let client: Client;

  beforeAll(async () => {
    db = await createTestDatabase();
    nc = await connectTestNats();
    namespace = randomNamespace();
    await ensureStream(nc, 'identity', namespace);
    service = await startBilling(
      {
        grpcPort: 0,
        databaseUrl: db.url,
        natsUrl: TEST_NATS_URL,
        eventNamespace: namespace,
        logLevel: 'silent',
      },
      createLogger('billing-test', 'silent'),
    );
    client = createClient(
      loadService('billing/v1/billing.proto', 'parley.billing.v1.Billing'),
      `127.0.0.1:${service.grpcPort}`,
    );
  });
  afterAll(async () => {
    client?.close();
    await service?.stop();
    await deleteNamespaceStreams(nc, namespace).catch(() => undefined);
    await nc?.close();
    await db?.drop();
  });

  it('assigns the plan of a registration with NUL and lone surrogates in every text field', async () => {
    const userId = randomUUID();
    const registered: UserRegistered = {
      userId,
      email: unstorable(`${userId}@example.com`),
      fullname: unstorable('Ada Owner'),
      role: 'OWNER',
      plan: 'STANDARD',
      selectedPlan: 'PRO',
      registeredAt: new Date().toISOString(),
      accountId: userId,
    };
    const identity = new EventStore(nc, { context: 'identity', namespace });
    await identity.append(
      identity.subject('user', userId),
      [{ type: IdentityEvent.UserRegistered, data: { ...registered, passwordHash: unstorable('hash') } }],
      { expectedVersion: 0, commandId: randomUUID() },
    );

    const plan = await eventually(() =>
      callUnary<unknown, Record<string, unknown>>(
        client,
        'GetAccountPlan',
        { caller: { userId, accountId: userId, role: 'OWNER' } },
        { deadlineMs: 15_000 },
      ),
    );
    expect(plan).toMatchObject({ accountId: userId, plan: 'STANDARD', selectedPlan: 'PRO' });
    expect(await deadLetters(db.pool)).toEqual([]);
  });
});
