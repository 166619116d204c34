import { join } from 'node:path';
import { seal } from '@parley/contracts/sealing';
import { migrate, withTransaction } from '@parley/db';
import { createLogger } from '@parley/logger';
import { startMailcatcher, type Mailcatcher } from '@parley/mailcatcher/src/start';
import { createTestDatabase, eventually, type TestDatabase } from '@parley/testing';
import { inbox } from '../../test/mail-inbox';
import { startMailSender, type MailSender } from '../mail/sender';
import { mailTemplates } from '../mail/templates';
import { createSmtpTransport, type MailTransport } from '../mail/transport';
import { LISTENER_APPLICATION_NAME, listenForOutbox, type OutboxListener } from './outbox-listener';
import { enqueueMail } from './outbox-store';

const logger = createLogger('notifications-test', 'silent');
const sealKey = 'listener-test-seal-key-0123';

describe('outbox listener', () => {
  let db: TestDatabase;
  let catcher: Mailcatcher;
  let transport: MailTransport;
  let sender: MailSender;
  let listener: OutboxListener;

  const enqueue = (id: string, recipient: string) =>
    withTransaction(db.pool, (tx) =>
      enqueueMail(
        tx,
        {
          id,
          template: 'signup-code',
          recipient,
          data: { fullname: 'Ann Smith' },
          sealedSecrets: { code: seal('246810', sealKey) },
          expiresAt: new Date(Date.now() + 10 * 60_000),
        },
        new Date(),
      ),
    );
  const listening = async () =>
    (
      await db.pool.query(
        `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1 AND query ILIKE 'LISTEN%'`,
        [LISTENER_APPLICATION_NAME],
      )
    ).rows as Array<{ pid: number }>;

  beforeAll(async () => {
    db = await createTestDatabase();
    await migrate(db.pool, join(__dirname, '..', '..', 'migrations'));
    catcher = await startMailcatcher({ host: '127.0.0.1', smtpPort: 0, httpPort: 0 }, logger);
    transport = createSmtpTransport(`smtp://127.0.0.1:${catcher.smtpPort}`);
    // A poll far longer than the test: only a NOTIFY can make these mails go out in time.
    sender = startMailSender({
      pool: db.pool,
      transport,
      templates: mailTemplates,
      sealKey,
      from: 'Parley <no-reply@parley.local>',
      policy: { maxAttempts: 3, retryBaseMs: 100, retryMaxMs: 400, pollIntervalMs: 10 * 60_000 },
      logger,
    });
    listener = listenForOutbox(db.url, () => sender.wake(), logger);
    await eventually(async () => expect(await listening()).toHaveLength(1));
  });

  afterAll(async () => {
    await listener.stop();
    await sender.stop();
    transport.close();
    await catcher.stop();
    await db.drop();
  });

  it('wakes the sender when a transaction that enqueued mail commits', async () => {
    await enqueue('n1', 'first@example.com');
    await eventually(
      async () => expect(await inbox(catcher.httpPort, 'first@example.com')).toHaveLength(1),
      10_000,
    );
  });

  it('listens again after its connection is cut', async () => {
    const [before] = await listening();
    await db.pool.query('SELECT pg_terminate_backend($1)', [before!.pid]);
    await eventually(async () => {
      const now = await listening();
      expect(now).toHaveLength(1);
      expect(now[0]!.pid).not.toBe(before!.pid);
    });
    await enqueue('n2', 'second@example.com');
    await eventually(
      async () => expect(await inbox(catcher.httpPort, 'second@example.com')).toHaveLength(1),
      10_000,
    );
  });
});
