// Issue 11 on the running product: a cut-off upload answers 4xx and the gateway stays up, a
// visitor message with a NUL answers 400, a visitor's burst of 80 messages meets a 429, and the
// widget says so to the visitor.
import { request as httpRequest } from 'node:http';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { io as connect, type Socket } from 'socket.io-client';
import { openWidget, startHostSite, widgetFrame, type HostSite } from './support/host-site';
import { signUpOwnerWithDomain } from './support/owner';
import { useBrowser } from './support/browser';

const { journey } = useBrowser();
const SHOTS = join(__dirname, '..', 'test-results');

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: { error?: { code: string; message: string } } & Record<string, unknown>;
}

/** One request to the gateway as written (a cut-off body cannot be sent by fetch). */
function send(
  base: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: Buffer | string,
) {
  const url = new URL(path, base);
  return new Promise<Answer>((resolve, reject) => {
    const req = httpRequest(url, {
      method,
      headers:
        body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) },
    });
    req.on('error', reject);
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let parsed: Answer['body'] = {};
        try {
          parsed = JSON.parse(text) as Answer['body'];
        } catch {
          // not JSON: the status says enough
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: parsed });
      });
    });
    req.end(body);
  });
}

describe('hostile input on the running product', () => {
  let domainId = '';
  let gateway = '';
  let ownerHeaders: Record<string, string> = {};
  let host: HostSite;
  let site: Page;

  const visitorSession = async () => {
    const res = await send(
      gateway,
      'POST',
      '/api/widget/session',
      { 'content-type': 'application/json' },
      JSON.stringify({ domainId }),
    );
    expect(res.status).toBe(200);
    return (res.body as unknown as { data: { token: string } }).data.token;
  };

  const { step } = journey(async (t) => {
    mkdirSync(SHOTS, { recursive: true });
    domainId = await signUpOwnerWithDomain(
      t,
      'hardening',
      `hardening-${Date.now().toString(36)}.example.com`,
    );
    gateway = t.env.gatewayUrl;
    const cookies = await t.context.cookies(t.env.frontendUrl);
    ownerHeaders = {
      cookie: cookies.map((c) => `${c.name}=${c.value}`).join('; '),
      origin: new URL(t.env.frontendUrl).origin,
    };
    host = await startHostSite(gateway, domainId);
    site = await t.context.newPage();
  });

  afterAll(async () => {
    await host?.close();
  });

  step(
    'a multipart upload cut off in the middle of the file answers 400, and the gateway stays up',
    async () => {
      // A visitor's socket stays open across it: a gateway that went down would drop it.
      const socket: Socket = connect(gateway, {
        path: '/socket.io',
        transports: ['websocket'],
        reconnection: false,
        auth: { token: await visitorSession() },
      });
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      let dropped = false;
      socket.on('disconnect', () => (dropped = true));
      try {
        const boundary = 'parleyHardening';
        const png = Buffer.alloc(4096, 7);
        const whole = Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cut.png"\r\nContent-Type: image/png\r\n\r\n`,
          ),
          png,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]);
        const res = await send(
          gateway,
          'POST',
          '/api/images',
          { ...ownerHeaders, 'content-type': `multipart/form-data; boundary=${boundary}` },
          whole.subarray(0, whole.length - 2048),
        );
        expect(res.status).toBe(400);
        expect(res.body.error).toEqual({ code: 'BAD_REQUEST', message: 'The upload could not be read' });
        expect((await send(gateway, 'GET', '/healthz', {})).status).toBe(200);
        const ack = (await socket
          .timeout(10_000)
          .emitWithAck('subscribe', { channel: 'no-such-channel' })) as { ok: boolean };
        expect(ack.ok).toBe(false);
        expect(dropped).toBe(false);
      } finally {
        socket.close();
      }
    },
  );

  step('a visitor message with a NUL character answers 400 INVALID_TEXT', async () => {
    const token = await visitorSession();
    const res = await send(
      gateway,
      'POST',
      '/api/widget/messages',
      { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      JSON.stringify({ content: 'Hello\u0000there' }),
    );
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({
      code: 'INVALID_TEXT',
      message: 'Text may not contain NUL characters or unpaired surrogates',
    });
  });

  step('80 messages from one visitor in a burst meet a 429 with Retry-After', async () => {
    const token = await visitorSession();
    const answers = await Promise.all(
      Array.from({ length: 80 }, (_, i) =>
        send(
          gateway,
          'POST',
          '/api/widget/messages',
          { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          JSON.stringify({ content: `Burst message ${i}` }),
        ),
      ),
    );
    const limited = answers.filter((a) => a.status === 429);
    expect(limited.length).toBeGreaterThan(0);
    expect(answers.every((a) => a.status === 201 || a.status === 429)).toBe(true);
    expect(limited[0]!.body.error?.code).toBe('RATE_LIMITED');
    expect(Number(limited[0]!.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  });

  step('in the widget, a visitor sending faster than anyone types is told to wait', async () => {
    await site.goto(host.url);
    const w = await openWidget(site);
    await w.getByTestId('home-start').click();
    const input = w.getByTestId('chat-input');
    const alert = widgetFrame(site).getByRole('alert');
    for (let i = 0; i < 30 && !(await alert.isVisible()); i++) {
      await input.fill(`Are you there? (${i})`);
      await w.getByTestId('chat-send').click();
      // Sent (no longer pending), or taken back with the alert.
      const sent = w
        .getByTestId('chat-message-visitor')
        .filter({ hasText: `(${i})` })
        .and(w.locator(':not([data-pending])'));
      await sent.or(alert).first().waitFor();
    }
    await alert.getByText('You are sending messages too quickly. Please wait a moment.').waitFor();
    await site.screenshot({ path: join(SHOTS, 'input-hardening--widget-rate-limited.png') });
  });
});
