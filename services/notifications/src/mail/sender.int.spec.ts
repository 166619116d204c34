import { join } from 'node:path';
import { seal } from '@parley/contracts/sealing';
import { migrate, withTransaction } from '@parley/db';
import { createLogger } from '@parley/logger';
import { startMailcatcher, type Mailcatcher } from '@parley/mailcatcher/src/start';
import { createTestDatabase, eventually, type TestDatabase } from '@parley/testing';
import { inbox } from '../../test/mail-inbox';
import type { OutboxEntry } from '../outbox/outbox-entry';
import { enqueueMail } from '../outbox/outbox-store';
import { startMailSender, type MailSender } from './sender';
import { mailTemplates } from './templates';
import { createSmtpTransport, type MailTransport } from './transport';

const logger = createLogger('notifications-test', 'silent');
const sealKey = 'sender-test-seal-key-0123';
const policy = { maxAttempts: 3, retryBaseMs: 100, retryMaxMs: 400, pollIntervalMs: 300 };

const entry = (
  id: string,
  recipient: string,
  code: string,
  overrides: Partial<OutboxEntry> = {},
): OutboxEntry => ({
  id,
  template: 'signup-code',
  recipient,
  data: { fullname: 'Ann Smith' },
  sealedSecrets: { code: seal(code, sealKey) },
  expiresAt: new Date(Date.now() + 10 * 60_000),
  ...overrides,
});

describe('mail sender', () => {
  let db: TestDatabase;
  let catcher: Mailcatcher;
  const senders: MailSender[] = [];
  const transports: MailTransport[] = [];

  const sender = (
    smtpPort = catcher.smtpPort,
    maxAttempts = policy.maxAttempts,
    extra: Pick<Parameters<typeof startMailSender>[0], 'paced' | 'suppressed'> = {},
  ) => {
    const transport = createSmtpTransport(`smtp://127.0.0.1:${smtpPort}`);
    transports.push(transport);
    const s = startMailSender({
      pool: db.pool,
      transport,
      templates: mailTemplates,
      sealKey,
      from: 'Parley <no-reply@parley.local>',
      policy: { ...policy, maxAttempts },
      logger,
      ...extra,
    });
    senders.push(s);
    return s;
  };

  const enqueue = (e: OutboxEntry) => withTransaction(db.pool, (tx) => enqueueMail(tx, e, new Date()));
  const row = async (id: string) =>
    (
      await db.pool.query(
        'SELECT status, attempts, sealed_secrets, last_error, sent_at FROM mail_outbox WHERE id = $1',
        [id],
      )
    ).rows[0];

  beforeEach(async () => {
    db = await createTestDatabase();
    await migrate(db.pool, join(__dirname, '..', '..', 'migrations'));
    catcher = await startMailcatcher({ host: '127.0.0.1', smtpPort: 0, httpPort: 0 }, logger);
  });

  afterEach(async () => {
    await Promise.all(senders.splice(0).map((s) => s.stop()));
    transports.splice(0).forEach((t) => t.close());
    await catcher.stop();
    await db.drop();
  });

  it('sends a pending mail, then erases its sealed code', async () => {
    sender();
    expect(await enqueue(entry('e1', 'ann@example.com', '314159'))).toBe(true);
    const [mail] = await eventually(async () => {
      const found = await inbox(catcher.httpPort, 'ann@example.com');
      expect(found).toHaveLength(1);
      return found;
    });
    expect(mail!.subject).toBe('Your Parley verification code');
    expect(mail!.from).toBe('Parley <no-reply@parley.local>');
    expect(mail!.text).toContain('314159');
    await eventually(async () =>
      expect(await row('e1')).toMatchObject({
        status: 'sent',
        attempts: 1,
        sealed_secrets: null,
        last_error: null,
      }),
    );
    expect((await row('e1')).sent_at).toBeInstanceOf(Date);
  });

  it('enqueues an id once only', async () => {
    expect(await enqueue(entry('dup', 'ann@example.com', '111111'))).toBe(true);
    expect(await enqueue(entry('dup', 'ann@example.com', '222222'))).toBe(false);
    expect((await db.pool.query('SELECT count(*)::int AS n FROM mail_outbox')).rows[0].n).toBe(1);
  });

  it('two senders side by side send each mail exactly once', async () => {
    sender();
    sender();
    const recipients = Array.from({ length: 12 }, (_, i) => `user${i}@example.com`);
    await Promise.all(recipients.map((r, i) => enqueue(entry(`many-${i}`, r, String(100000 + i)))));
    await eventually(async () => {
      expect(
        (await db.pool.query(`SELECT count(*)::int AS n FROM mail_outbox WHERE status = 'sent'`)).rows[0].n,
      ).toBe(12);
    });
    const caught = await inbox(catcher.httpPort);
    expect(caught).toHaveLength(12);
    expect(caught.flatMap((m) => m.to).sort()).toEqual([...recipients].sort());
  });

  it('records an already expired mail as expired, without its code, and never sends it', async () => {
    sender();
    await enqueue(entry('old', 'late@example.com', '999999', { expiresAt: new Date(Date.now() - 1000) }));
    await enqueue(entry('fresh', 'fresh@example.com', '123123'));
    await eventually(async () => expect(await row('fresh')).toMatchObject({ status: 'sent' }));
    expect(await row('old')).toMatchObject({ status: 'expired', attempts: 0, sealed_secrets: null });
    expect(await inbox(catcher.httpPort, 'late@example.com')).toEqual([]);
  });

  it('drops a mail whose code expires while the SMTP server is down', async () => {
    const down = catcher.smtpPort;
    await catcher.stop();
    sender(down, 50);
    await enqueue(entry('expiring', 'ann@example.com', '555555', { expiresAt: new Date(Date.now() + 1500) }));
    await eventually(async () =>
      expect(await row('expiring')).toMatchObject({ status: 'expired', sealed_secrets: null }),
    );
    expect((await row('expiring')).attempts).toBeGreaterThanOrEqual(2);
    catcher = await startMailcatcher({ host: '127.0.0.1', smtpPort: down, httpPort: 0 }, logger);
  });

  it('gives up after the last attempt, keeping the reason and erasing the code', async () => {
    const down = catcher.smtpPort;
    await catcher.stop();
    sender(down);
    await enqueue(entry('doomed', 'ann@example.com', '777777'));
    await eventually(async () =>
      expect(await row('doomed')).toMatchObject({ status: 'failed', attempts: 3, sealed_secrets: null }),
    );
    expect((await row('doomed')).last_error).toMatch(/ECONNREFUSED|ESOCKET|ECONNECTION/);
    catcher = await startMailcatcher({ host: '127.0.0.1', smtpPort: down, httpPort: 0 }, logger);
  });

  it('fails at once, without sending, a code sealed under another key', async () => {
    sender();
    await enqueue(
      entry('foreign', 'ann@example.com', '000000', {
        sealedSecrets: { code: seal('123456', 'some-other-key-0123456') },
      }),
    );
    await eventually(async () =>
      expect(await row('foreign')).toMatchObject({ status: 'failed', attempts: 1, sealed_secrets: null }),
    );
    expect((await row('foreign')).last_error).toContain('MAIL_SEAL_KEY');
    expect(await inbox(catcher.httpPort)).toEqual([]);
  });
  it('paces campaign mail to its rate, and never sends one whose recipient is suppressed', async () => {
    const campaign = (i: number): OutboxEntry => ({
      id: `campaign:c1:${i}`,
      template: 'campaign',
      recipient: `reader${i}@example.com`,
      data: {
        campaignId: 'c1',
        domainId: 'd1',
        domain: 'shop.example.com',
        subject: 'Spring',
        body: '<p>Hello</p>',
        appUrl: 'https://app.example.com',
        unsubscribeUrl: 'https://app.example.com/api/marketing/unsubscribe?token=t',
      },
      sealedSecrets: null,
      expiresAt: null,
      campaignId: 'c1',
    });
    for (let i = 0; i < 11; i++) await enqueue(campaign(i));
    const started = Date.now();
    sender(catcher.smtpPort, policy.maxAttempts, {
      paced: { templates: new Set(['campaign']), perSecond: 10 },
      suppressed: async (mail) => mail.recipient === 'reader0@example.com',
    });
    await eventually(async () => {
      const { rows } = await db.pool.query<{ status: string; n: string }>(
        "SELECT status, count(*) AS n FROM mail_outbox WHERE campaign_id = 'c1' GROUP BY status ORDER BY status",
      );
      expect(rows.map((r) => [r.status, Number(r.n)])).toEqual([
        ['sent', 10],
        ['suppressed', 1],
      ]);
    }, 15_000);
    // 10 mails at 10 a second: the first leaves at once, the tenth about 0.9 s later.
    expect(Date.now() - started).toBeGreaterThanOrEqual(850);
    expect(await inbox(catcher.httpPort, 'reader0@example.com')).toHaveLength(0);
    const [mail] = await inbox(catcher.httpPort, 'reader1@example.com');
    expect(mail!.listUnsubscribePost).toBe('List-Unsubscribe=One-Click');
  });
});
