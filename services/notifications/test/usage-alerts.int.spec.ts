import type { Client } from '@grpc/grpc-js';
import type { EventStore } from '@parley/eventstore';
import { callUnary, createClient, loadService } from '@parley/grpc';
import { createTestDatabase, eventually, TEST_NATS_URL, type TestDatabase } from '@parley/testing';
import { startBilling, type Billing } from '../../billing/src/start';
import {
  createWorld,
  logger,
  registerOwner,
  startForTest,
  testConfig,
  type RunningNotifications,
  type TestWorld,
} from './harness';

jest.setTimeout(90_000);

const APP_URL = 'https://app.parley.example';

/**
 * Usage alerts end to end inside the back end: identity's registration appended as identity
 * records it, the real billing service counting requests over its gRPC API (as the assistant
 * calls it), and notifications turning billing's thresholds into USAGE_ALERT rows and mail,
 * read from the real mail catcher.
 */
describe('usage alerts', () => {
  let world: TestWorld;
  let billingDb: TestDatabase;
  let notifications: RunningNotifications;
  let billing: Billing;
  let billingClient: Client;
  let identity: EventStore;

  const owner = (label: string) => registerOwner(identity, label);
  const answer = async (accountId: string, from: number, to: number) => {
    for (let i = from; i <= to; i++)
      await callUnary(
        billingClient,
        'ConsumeRequest',
        { accountId, requestId: `answer-${i}` },
        { deadlineMs: 10_000 },
      );
  };
  const usageRows = async (accountId: string) =>
    (
      await world.db.pool.query<{
        type: string;
        message: string;
        user_id: string;
        announced_at: Date | null;
      }>(
        `SELECT type, message, user_id, announced_at FROM in_app_notifications
          WHERE account_id = $1 ORDER BY created_at, message`,
        [accountId],
      )
    ).rows;
  const subjects = async (email: string) => (await world.inbox(email)).map((m) => m.subject).sort();

  beforeAll(async () => {
    world = await createWorld();
    billingDb = await createTestDatabase();
    identity = world.store('identity');
    billing = await startBilling(
      {
        grpcPort: 0,
        databaseUrl: billingDb.url,
        natsUrl: TEST_NATS_URL,
        eventNamespace: world.namespace,
        logLevel: 'silent',
      },
      logger,
    );
    billingClient = createClient(
      loadService('billing/v1/billing.proto', 'parley.billing.v1.Billing'),
      `127.0.0.1:${billing.grpcPort}`,
    );
    notifications = await startForTest(testConfig(world, { publicAppUrl: APP_URL }), { announcePollMs: 500 });
  });

  afterAll(async () => {
    billingClient?.close();
    await notifications?.stop();
    await billing?.stop();
    await world?.dispose();
    await billingDb?.drop();
  });

  it('alerts the owner at 80% and at the limit, once each, in-app (not in the bell) and by mail', async () => {
    const ann = await owner('ann');
    const bea = await owner('bea');
    await answer(ann.accountId, 1, 79);
    await answer(bea.accountId, 1, 10);
    // Nothing below 80%: give the projections a moment they would need to act.
    await new Promise((r) => setTimeout(r, 1000));
    expect(await usageRows(ann.accountId)).toEqual([]);
    expect(await subjects(ann.email)).toEqual([]);

    await answer(ann.accountId, 80, 80);
    const [warning] = await eventually(async () => {
      const rows = await usageRows(ann.accountId);
      expect(rows).toHaveLength(1);
      return rows;
    });
    expect(warning).toMatchObject({
      type: 'USAGE_ALERT',
      user_id: ann.accountId,
      message: 'Approaching request limit: your assistant used 80 of 100 requests this billing period.',
      announced_at: expect.any(Date),
    });
    const [mail] = await world.mailsTo(ann.email, 1);
    expect(mail).toMatchObject({ to: [ann.email], subject: 'Approaching request limit' });
    expect(mail!.text).toContain('Hi ann Owner,');
    expect(mail!.text).toContain('Your assistant has used 80 of 100 requests of this billing period.');
    expect(mail!.text).toContain('Upgrade to PRO for 1,000 requests a month.');
    expect(mail!.text).toContain(`${APP_URL}/dashboard/settings`);

    // A redelivered answer counts nothing and alerts nothing; the next ones up to 99 neither.
    await answer(ann.accountId, 80, 99);
    await answer(ann.accountId, 100, 101);
    await eventually(async () =>
      expect(await subjects(ann.email)).toEqual(['Approaching request limit', 'Request limit reached']),
    );
    const limitMail = (await world.inbox(ann.email)).find((m) => m.subject === 'Request limit reached');
    expect(limitMail!.text).toContain('has stopped answering customers');
    expect((await usageRows(ann.accountId)).map((r) => r.message)).toEqual([
      'Approaching request limit: your assistant used 80 of 100 requests this billing period.',
      'Request limit reached: your assistant used 100 of 100 requests this billing period and stopped answering customers.',
    ]);

    // The bell lists only its own types; another account heard nothing.
    const listed = await notifications.call(
      'ListNotifications',
      { caller: { userId: ann.accountId, accountId: ann.accountId } },
      10_000,
    );
    expect(listed).toEqual({ notifications: [], unreadCount: 0 });
    expect(await usageRows(bea.accountId)).toEqual([]);
    expect(await subjects(bea.email)).toEqual([]);
    // One outbox row per level and period, however often billing's events were read.
    const { rows } = await world.db.pool.query<{ id: string }>(
      "SELECT id FROM mail_outbox WHERE template = 'usage-alert' AND recipient = $1 ORDER BY id",
      [ann.email],
    );
    expect(rows.map((r) => r.id.split(':')[0])).toEqual(['usage-limit', 'usage-warning']);
  });
});
