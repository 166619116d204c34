import { randomUUID } from 'node:crypto';
import type { Client } from '@grpc/grpc-js';
import { AppError, BillingEvent, IdentityEvent, type UserRegistered } from '@parley/contracts';
import { ensureStream, EventStore } from '@parley/eventstore';
import { callUnary, createClient, loadService } from '@parley/grpc';
import { createLogger } from '@parley/logger';
import { resetProjection } from '@parley/projections';
import {
  connectTestNats,
  createTestDatabase,
  deleteNamespaceStreams,
  eventually,
  randomNamespace,
  TEST_NATS_URL,
  type TestDatabase,
} from '@parley/testing';
import type { NatsConnection } from 'nats';
import { startBilling, type Billing } from '../src/start';

const logger = createLogger('billing-test', 'silent');
const REACTOR = 'billing-registrations-v1';
const standardLimits = { maxDomains: 1, credits: 100, contacts: 1000, emailsPerMonth: 10 };

/**
 * The billing service against real NATS and PostgreSQL: identity's registrations are appended
 * to the identity stream as identity writes them, and billing is asked over its own gRPC API.
 */
describe('billing service', () => {
  let db: TestDatabase;
  let nc: NatsConnection;
  let namespace: string;
  let identity: EventStore;
  let service: Billing;
  let client: Client;

  const start = async () => {
    service = await startBilling(
      {
        grpcPort: 0,
        databaseUrl: db.url,
        natsUrl: TEST_NATS_URL,
        eventNamespace: namespace,
        logLevel: 'silent',
      },
      logger,
    );
    client?.close();
    client = createClient(
      loadService('billing/v1/billing.proto', 'parley.billing.v1.Billing'),
      `127.0.0.1:${service.grpcPort}`,
    );
  };
  const call = <Res>(method: string, request: unknown) =>
    callUnary<unknown, Res>(client, method, request, { deadlineMs: 15_000 });
  const accountPlan = (accountId: string) =>
    call<Record<string, unknown>>('GetAccountPlan', {
      caller: { userId: accountId, accountId, role: 'OWNER' },
    });

  /** Appends a registration the way identity does (subject identity.user.<id>), returns its sequence. */
  const register = async (user: Partial<UserRegistered> = {}) => {
    const userId = user.userId ?? randomUUID();
    const data: UserRegistered = {
      userId,
      email: `${userId}@example.com`,
      fullname: 'Ada Owner',
      role: 'OWNER',
      plan: 'STANDARD',
      selectedPlan: 'STANDARD',
      registeredAt: new Date().toISOString(),
      accountId: userId,
      ...user,
    };
    const appended = await identity.append(
      identity.subject('user', userId),
      [{ type: IdentityEvent.UserRegistered, data: { ...data, passwordHash: 'not for billing' } }],
      {
        expectedVersion: user.userId ? (await identity.load(identity.subject('user', userId))).version : 0,
        commandId: randomUUID(),
      },
    );
    return { ...data, sequence: appended.version };
  };

  /** billing.account.<id> as stored, read with a fresh store so nothing is cached. */
  const planEvents = async (accountId: string) => {
    const billing = new EventStore(nc, { context: 'billing', namespace });
    return (await billing.load(billing.subject('account', accountId))).events;
  };
  const reactorPosition = async () => {
    const { rows } = await db.pool.query<{ position: string }>(
      'SELECT position FROM projection_checkpoints WHERE namespace = $1 AND projection = $2',
      [namespace, REACTOR],
    );
    return Number(rows[0]?.position ?? 0);
  };
  const reactorPassed = (sequence: number) =>
    eventually(async () => expect(await reactorPosition()).toBeGreaterThanOrEqual(sequence));

  beforeAll(async () => {
    db = await createTestDatabase();
    nc = await connectTestNats();
    namespace = randomNamespace();
    await ensureStream(nc, 'identity', namespace);
    identity = new EventStore(nc, { context: 'identity', namespace });
    await start();
  });

  afterAll(async () => {
    client?.close();
    await service?.stop();
    await deleteNamespaceStreams(nc, namespace).catch(() => undefined);
    await nc?.close();
    await db?.drop();
  });

  it('lists the catalogue of spec section 9', async () => {
    const { plans } = await call<{ plans: Array<Record<string, unknown>> }>('ListPlans', {});
    expect(plans).toEqual([
      {
        id: 'STANDARD',
        name: 'Standard',
        description: 'Everything a small site needs to start answering visitors.',
        priceCents: 0,
        interval: 'month',
        credits: 100,
        maxDomains: 1,
        contacts: 1000,
        emailsPerMonth: 10,
        features: [
          '100 chatbot requests a month',
          '1 domain',
          '1,000 contacts',
          '10 marketing emails a month',
        ],
      },
      expect.objectContaining({ id: 'PRO', priceCents: 1200, credits: 1000, maxDomains: 5, contacts: 10000 }),
    ]);
  });

  it('gives a registered owner STANDARD, keeps a PRO pick as selected, and publishes the limits once', async () => {
    const owner = await register({ selectedPlan: 'PRO' });
    const events = await eventually(async () => {
      const found = await planEvents(owner.accountId);
      expect(found).toHaveLength(1);
      return found;
    });
    expect(events[0]).toMatchObject({
      type: BillingEvent.AccountPlanChanged,
      subject: `${namespace}.billing.account.${owner.accountId}`,
      data: { accountId: owner.accountId, plan: 'STANDARD', selectedPlan: 'PRO', limits: standardLimits },
    });

    expect(await accountPlan(owner.accountId)).toEqual({
      accountId: owner.accountId,
      plan: 'STANDARD',
      selectedPlan: 'PRO',
      limits: standardLimits,
      planDetails: {
        name: 'Standard',
        description: 'Everything a small site needs to start answering visitors.',
        priceFormatted: '$0/month',
        interval: 'month',
        isFree: true,
        features: [
          '100 chatbot requests a month',
          '1 domain',
          '1,000 contacts',
          '10 marketing emails a month',
        ],
        credits: 100,
        maxDomains: 1,
      },
      changedAt: (events[0]!.data as { changedAt: string }).changedAt,
      subscription: null,
    });
  });

  it('answers a plan asked for right after registration, before the reactor has been seen to run', async () => {
    const owner = await register();
    // No waiting: the service itself waits for its reactor to reach the registration.
    expect(await accountPlan(owner.accountId)).toMatchObject({ plan: 'STANDARD', selectedPlan: 'STANDARD' });
  });

  it('assigns the first admin an account of their own, and agents none', async () => {
    const admin = await register({ role: 'ADMIN' });
    const owner = await register();
    const agent = await register({ role: 'AGENT', accountId: owner.accountId });
    await reactorPassed(agent.sequence);
    expect(await accountPlan(admin.accountId)).toMatchObject({ plan: 'STANDARD' });
    expect(await planEvents(agent.userId)).toEqual([]);
    expect(await planEvents(owner.accountId)).toHaveLength(1);
  });

  it('keeps one initial plan when a registration arrives again', async () => {
    const owner = await register({ selectedPlan: 'PRO' });
    await reactorPassed(owner.sequence);
    // The same registration stored a second time (a retried writer beyond the duplicate window).
    const again = await register({ ...owner, selectedPlan: 'STANDARD' });
    await reactorPassed(again.sequence);
    const events = await planEvents(owner.accountId);
    expect(events).toHaveLength(1);
    expect(await accountPlan(owner.accountId)).toMatchObject({ plan: 'STANDARD', selectedPlan: 'PRO' });
  });

  it('assigns nothing twice when the reactor replays every registration from the start', async () => {
    const owner = await register();
    await reactorPassed(owner.sequence);
    const before = await planEvents(owner.accountId);

    await service.stop();
    await resetProjection(nc, db.pool, REACTOR, namespace);
    expect(await reactorPosition()).toBe(0);
    await start();
    await reactorPassed(owner.sequence);

    expect(await planEvents(owner.accountId)).toEqual(before);
  });

  it('answers NOT_FOUND for an account nobody registered, and refuses a malformed account id', async () => {
    await expect(accountPlan(randomUUID())).rejects.toMatchObject({
      kind: 'not_found',
      code: 'ACCOUNT_NOT_FOUND',
    });
    await expect(accountPlan('a.b.>')).rejects.toMatchObject({
      kind: 'validation',
      code: 'INVALID_ACCOUNT_ID',
    });
    const missingCaller = call('GetAccountPlan', {});
    await expect(missingCaller).rejects.toBeInstanceOf(AppError);
    await expect(missingCaller).rejects.toMatchObject({ kind: 'validation' });
  });
});
