import { createTransport, type Transporter } from 'nodemailer';
import { createLogger } from '@parley/logger';
import type { CaughtMessage } from './message';
import { startMailcatcher, type Mailcatcher } from './start';

const logger = createLogger('mailcatcher-test', 'silent');

describe('mail catcher', () => {
  let catcher: Mailcatcher;
  let mailer: Transporter;
  let base: string;

  beforeAll(async () => {
    catcher = await startMailcatcher({ host: '127.0.0.1', smtpPort: 0, httpPort: 0, maxMessages: 3 }, logger);
    base = `http://127.0.0.1:${catcher.httpPort}`;
    mailer = createTransport({ host: '127.0.0.1', port: catcher.smtpPort, secure: false });
  });

  afterAll(async () => {
    mailer.close();
    await catcher.stop();
  });

  beforeEach(async () => {
    expect((await fetch(`${base}/api/messages`, { method: 'DELETE' })).status).toBe(204);
  });

  const list = async (query = ''): Promise<CaughtMessage[]> => {
    const res = await fetch(`${base}/api/messages${query}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    return (await res.json()) as CaughtMessage[];
  };

  it('keeps a list mail’s unsubscribe headers, unfolded', async () => {
    const url = `https://app.example.com/api/marketing/unsubscribe?token=${'a'.repeat(120)}.${'b'.repeat(43)}`;
    await mailer.sendMail({
      from: 'Shop <no-reply@parley.local>',
      to: 'bob@example.com',
      subject: 'Spring',
      text: 'Hello',
      headers: { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    });
    const [message] = await list();
    expect(message).toMatchObject({
      listUnsubscribe: `<${url}>`,
      listUnsubscribePost: 'List-Unsubscribe=One-Click',
    });
  });

  it('catches a mail and serves it over HTTP', async () => {
    await mailer.sendMail({
      from: 'Parley <no-reply@parley.local>',
      to: 'Ann Smith <Ann@Example.com>',
      bcc: 'audit@example.com',
      subject: 'Your Parley verification code',
      text: 'Your code is 123456',
      html: '<p>Your code is <strong>123456</strong></p>',
    });

    const [message, ...rest] = await list();
    expect(rest).toEqual([]);
    expect(message).toEqual({
      id: expect.any(String),
      from: 'Parley <no-reply@parley.local>',
      to: ['ann@example.com', 'audit@example.com'],
      subject: 'Your Parley verification code',
      text: 'Your code is 123456',
      html: '<p>Your code is <strong>123456</strong></p>',
      listUnsubscribe: null,
      listUnsubscribePost: null,
      receivedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });

    const one = await fetch(`${base}/api/messages/${message!.id}`);
    expect(one.status).toBe(200);
    expect(await one.json()).toEqual(message);
  });

  it('lists newest first, filters by recipient, keeps only the configured number', async () => {
    for (const n of [1, 2, 3, 4]) {
      await mailer.sendMail({
        from: 'a@example.com',
        to: n % 2 ? 'odd@example.com' : 'even@example.com',
        subject: `mail ${n}`,
        text: `${n}`,
      });
    }
    expect((await list()).map((m) => m.subject)).toEqual(['mail 4', 'mail 3', 'mail 2']);
    expect((await list('?to=ODD@example.com')).map((m) => m.subject)).toEqual(['mail 3']);
    expect(await list('?to=nobody@example.com')).toEqual([]);
  });

  it('answers 404 for an unknown message or route and 405 for a wrong method', async () => {
    const missing = await fetch(`${base}/api/messages/nope`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Message not found' } });
    expect((await fetch(`${base}/api/other`)).status).toBe(404);
    const wrong = await fetch(`${base}/api/messages`, { method: 'POST' });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('GET, DELETE');
  });

  it('accepts a client that logs in, as an SMTP_URL with credentials would', async () => {
    const withAuth = createTransport({
      host: '127.0.0.1',
      port: catcher.smtpPort,
      secure: false,
      auth: { user: 'dev', pass: 'dev' },
    });
    try {
      await withAuth.sendMail({
        from: 'a@example.com',
        to: 'auth@example.com',
        subject: 'authenticated',
        text: 'x',
      });
    } finally {
      withAuth.close();
    }
    expect((await list('?to=auth@example.com')).map((m) => m.subject)).toEqual(['authenticated']);
  });

  it('shows a readable, escaped inbox and message page, with the mail HTML sandboxed', async () => {
    await mailer.sendMail({
      from: 'a@example.com',
      to: 'ann@example.com',
      subject: '<script>alert(1)</script> code',
      text: 'Your code is 654321',
      html: '<p>654321</p><script>alert(2)</script>',
    });
    const [message] = await list();

    const inbox = await fetch(`${base}/`);
    expect(inbox.status).toBe(200);
    expect(inbox.headers.get('content-type')).toContain('text/html');
    const inboxHtml = await inbox.text();
    expect(inboxHtml).toContain('&lt;script&gt;alert(1)&lt;/script&gt; code');
    expect(inboxHtml).not.toContain('<script>');
    expect(inboxHtml).toContain(`href="/messages/${message!.id}"`);

    const view = await fetch(`${base}/messages/${message!.id}`);
    const viewHtml = await view.text();
    expect(viewHtml).toContain('Your code is 654321');
    expect(viewHtml).toContain(
      `<iframe sandbox="" referrerpolicy="no-referrer" title="HTML body" src="/messages/${message!.id}/html">`,
    );
    expect(viewHtml).not.toContain('<script>');

    const body = await fetch(`${base}/messages/${message!.id}/html`);
    expect(body.headers.get('content-security-policy')).toMatch(/^sandbox;/);
    expect(await body.text()).toBe('<p>654321</p><script>alert(2)</script>');

    expect((await fetch(`${base}/messages/unknown`)).status).toBe(404);
  });
});
