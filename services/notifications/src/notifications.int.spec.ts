import { randomUUID } from 'node:crypto';
import { IdentityEvent, type SignupCodeIssued } from '@parley/contracts';
import { seal } from '@parley/contracts/sealing';
import { ensureStream, type EventStore } from '@parley/eventstore';
import { callUnary, createClient, loadService } from '@parley/grpc';
import { startProjection } from '@parley/projections';
import { eventually } from '@parley/testing';
import {
  appendEvent,
  createWorld,
  logger,
  MAIL_SEAL_KEY,
  startForTest,
  startTestMailcatcher,
  testConfig,
  type RunningNotifications,
  type TestWorld,
} from '../test/harness';
import { signupMailProjection } from './projections/signup-mail-projection';

describe('notifications service', () => {
  let world: TestWorld;
  let store: EventStore;
  let service: RunningNotifications | undefined;

  const start = () =>
    startForTest(testConfig(world, { delivery: { maxAttempts: 20 }, publicAppUrl: 'http://localhost:3000' }));

  /** Appends identity.SignupCodeIssued as the identity service does; returns its stream sequence. */
  const issueCode = async (email: string, code: string, expiresAt = new Date(Date.now() + 10 * 60_000)) => {
    const signupId = randomUUID();
    const data: SignupCodeIssued = {
      signupId,
      email,
      fullname: 'Ann Smith',
      sealedCode: seal(code, MAIL_SEAL_KEY),
      expiresAt: expiresAt.toISOString(),
    };
    return (await appendEvent(store, 'signup', signupId, IdentityEvent.SignupCodeIssued, data)).version;
  };

  const outbox = async () =>
    (
      await world.db.pool.query(
        'SELECT id, recipient, status, attempts, sealed_secrets, last_error FROM mail_outbox ORDER BY created_at',
      )
    ).rows;

  beforeAll(async () => {
    world = await createWorld();
    await ensureStream(world.nc, 'identity', world.namespace);
    store = world.store('identity');
    service = await start();
  });

  afterAll(async () => {
    await service?.stop();
    await world?.dispose();
  });

  it('answers gRPC health checks', async () => {
    const Health = loadService('grpc/health/v1/health.proto', 'grpc.health.v1.Health');
    const client = createClient(Health, `127.0.0.1:${service!.grpcPort}`);
    try {
      expect(await callUnary(client, 'check', {}, { deadlineMs: 5000 })).toEqual({ status: 'SERVING' });
    } finally {
      client.close();
    }
  });

  it('mails the verification code to the address that signed up', async () => {
    await issueCode('ann@example.com', '482913');
    const [mail] = await world.mailsTo('ann@example.com', 1);
    expect(mail).toMatchObject({
      from: 'Parley <no-reply@parley.local>',
      to: ['ann@example.com'],
      subject: 'Your Parley verification code',
    });
    expect(mail!.text).toContain('Hi Ann Smith,');
    expect(mail!.text).toContain('482913');
    expect(mail!.text).toContain('expires in 10 minutes');
    expect(mail!.html).toContain('482913');
    await eventually(async () =>
      expect((await outbox()).find((r) => r.recipient === 'ann@example.com')).toMatchObject({
        status: 'sent',
        sealed_secrets: null,
      }),
    );
  });

  it('sends nothing twice when events are delivered again or the service restarts', async () => {
    const sequence = await issueCode('bob@example.com', '111222');
    await world.mailsTo('bob@example.com', 1);

    // Every event of the stream again, as a redelivery would bring them, into the same outbox.
    const replay = await startProjection({
      nc: world.nc,
      pool: world.db.pool,
      projection: { ...signupMailProjection(), name: `notifications-replay-${randomUUID().slice(0, 8)}` },
      namespace: world.namespace,
      logger,
    });
    try {
      await replay.waitFor(sequence, 20_000);
    } finally {
      await replay.stop();
    }

    await service!.stop();
    service = await start();
    // A mail after the restart proves the restarted service is running and has caught up.
    await issueCode('carol@example.com', '333444');
    await world.mailsTo('carol@example.com', 1);

    expect(await world.inbox('ann@example.com')).toHaveLength(1);
    expect(await world.inbox('bob@example.com')).toHaveLength(1);
    expect((await outbox()).filter((r) => r.recipient === 'bob@example.com')).toHaveLength(1);
  });

  it('retries through an SMTP outage and delivers once the server is back', async () => {
    const { smtpPort } = world.catcher;
    await world.catcher.stop();
    await issueCode('dave@example.com', '555666');
    const pendingWithError = async () => {
      const row = (await outbox()).find((r) => r.recipient === 'dave@example.com');
      expect(row).toMatchObject({
        status: 'pending',
        last_error: expect.stringMatching(/ECONNREFUSED|ESOCKET|ECONNECTION/),
      });
      expect(row!.attempts).toBeGreaterThanOrEqual(2);
    };
    await eventually(pendingWithError);

    world.catcher = await startTestMailcatcher(smtpPort);
    const [mail] = await world.mailsTo('dave@example.com', 1);
    expect(mail!.text).toContain('555666');
    await eventually(async () =>
      expect((await outbox()).find((r) => r.recipient === 'dave@example.com')).toMatchObject({
        status: 'sent',
      }),
    );
    expect(await world.inbox('dave@example.com')).toHaveLength(1);
  });

  it('does not mail a code that has already expired', async () => {
    await issueCode('erin@example.com', '777888', new Date(Date.now() - 1000));
    await issueCode('frank@example.com', '999000');
    await world.mailsTo('frank@example.com', 1);
    expect((await outbox()).find((r) => r.recipient === 'erin@example.com')).toMatchObject({
      status: 'expired',
      attempts: 0,
      sealed_secrets: null,
    });
    expect(await world.inbox('erin@example.com')).toEqual([]);
  });
});
