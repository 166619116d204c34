import { randomUUID } from 'node:crypto';
import { IdentityEvent, type SignupCodeIssued } from '@parley/contracts';
import { seal } from '@parley/contracts/sealing';
import { ensureStream, EventStore } from '@parley/eventstore';
import { callUnary, createClient, loadService } from '@parley/grpc';
import { createLogger } from '@parley/logger';
import { startMailcatcher, type Mailcatcher } from '@parley/mailcatcher/src/start';
import { startProjection } from '@parley/projections';
import {
  connectTestNats,
  createTestDatabase,
  deleteNamespaceStreams,
  randomNamespace,
  TEST_NATS_URL,
  type TestDatabase,
} from '@parley/testing';
import type { NatsConnection } from 'nats';
import { eventually } from '../test/eventually';
import { inbox } from '../test/mail-inbox';
import type { NotificationsConfig } from './config';
import { signupMailProjection } from './projections/signup-mail-projection';
import { startNotifications, type Notifications } from './start';

const logger = createLogger('notifications-test', 'silent');
const sealKey = 'int-test-seal-key-0123456789';

describe('notifications service', () => {
  let db: TestDatabase;
  let nc: NatsConnection;
  let namespace: string;
  let store: EventStore;
  let catcher: Mailcatcher;
  let smtpPort: number;
  let service: Notifications | undefined;

  const config = (): NotificationsConfig => ({
    grpcPort: 0,
    databaseUrl: db.url,
    natsUrl: TEST_NATS_URL,
    eventNamespace: namespace,
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    mailFrom: 'Parley <no-reply@parley.local>',
    mailSealKey: sealKey,
    delivery: { maxAttempts: 20, retryBaseMs: 100, retryMaxMs: 500, pollIntervalMs: 500 },
    publicAppUrl: 'http://localhost:3000',
    logLevel: 'silent',
  });

  /** Appends identity.SignupCodeIssued as the identity service does; returns its stream sequence. */
  const issueCode = async (email: string, code: string, expiresAt = new Date(Date.now() + 10 * 60_000)) => {
    const signupId = randomUUID();
    const data: SignupCodeIssued = {
      signupId,
      email,
      fullname: 'Ann Smith',
      sealedCode: seal(code, sealKey),
      expiresAt: expiresAt.toISOString(),
    };
    const result = await store.append(
      store.subject('signup', signupId),
      [{ type: IdentityEvent.SignupCodeIssued, data }],
      {
        expectedVersion: 0,
        commandId: randomUUID(),
      },
    );
    return result.version;
  };

  const outbox = async () =>
    (
      await db.pool.query(
        'SELECT id, recipient, status, attempts, sealed_secrets, last_error FROM mail_outbox ORDER BY created_at',
      )
    ).rows;
  const mailsTo = async (address: string, count: number) =>
    eventually(async () => {
      const found = await inbox(catcher.httpPort, address);
      expect(found).toHaveLength(count);
      return found;
    });

  beforeAll(async () => {
    db = await createTestDatabase();
    nc = await connectTestNats();
    namespace = randomNamespace();
    await ensureStream(nc, 'identity', namespace);
    store = new EventStore(nc, { context: 'identity', namespace });
    catcher = await startMailcatcher({ host: '127.0.0.1', smtpPort: 0, httpPort: 0 }, logger);
    smtpPort = catcher.smtpPort;
    service = await startNotifications(config(), logger);
  });

  afterAll(async () => {
    await service?.stop();
    await catcher.stop();
    await deleteNamespaceStreams(nc, namespace);
    await nc.close();
    await db.drop();
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
    const [mail] = await mailsTo('ann@example.com', 1);
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
    await mailsTo('bob@example.com', 1);

    // Every event of the stream again, as a redelivery would bring them, into the same outbox.
    const replay = await startProjection({
      nc,
      pool: db.pool,
      projection: { ...signupMailProjection(), name: `notifications-replay-${randomUUID().slice(0, 8)}` },
      namespace,
      logger,
    });
    try {
      await replay.waitFor(sequence, 20_000);
    } finally {
      await replay.stop();
    }

    await service!.stop();
    service = await startNotifications(config(), logger);
    // A mail after the restart proves the restarted service is running and has caught up.
    await issueCode('carol@example.com', '333444');
    await mailsTo('carol@example.com', 1);

    expect(await inbox(catcher.httpPort, 'ann@example.com')).toHaveLength(1);
    expect(await inbox(catcher.httpPort, 'bob@example.com')).toHaveLength(1);
    expect((await outbox()).filter((r) => r.recipient === 'bob@example.com')).toHaveLength(1);
  });

  it('retries through an SMTP outage and delivers once the server is back', async () => {
    await catcher.stop();
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

    catcher = await startMailcatcher({ host: '127.0.0.1', smtpPort, httpPort: 0 }, logger);
    const [mail] = await mailsTo('dave@example.com', 1);
    expect(mail!.text).toContain('555666');
    await eventually(async () =>
      expect((await outbox()).find((r) => r.recipient === 'dave@example.com')).toMatchObject({
        status: 'sent',
      }),
    );
    expect(await inbox(catcher.httpPort, 'dave@example.com')).toHaveLength(1);
  });

  it('does not mail a code that has already expired', async () => {
    await issueCode('erin@example.com', '777888', new Date(Date.now() - 1000));
    await issueCode('frank@example.com', '999000');
    await mailsTo('frank@example.com', 1);
    expect((await outbox()).find((r) => r.recipient === 'erin@example.com')).toMatchObject({
      status: 'expired',
      attempts: 0,
      sealed_secrets: null,
    });
    expect(await inbox(catcher.httpPort, 'erin@example.com')).toEqual([]);
  });
});
