import type { CaughtMessage } from '@parley/mailcatcher/src/message';
import { subscriberByEmail } from '@parley/notifications/src/projections/newsletter-subscribers/queries';
import { RATE_LIMIT_POLICIES } from '../src/http/rate-limits';
import { uniqueEmail } from './support/flows';
import type { GatewayClient, JsonResponse } from './support/http-client';
import { startTestNotifications, type TestNotifications } from './support/notifications';
import { FRONTEND, startStack, type TestStack } from './support/stack';

let notifications: TestNotifications;
let stack: TestStack;

beforeAll(async () => {
  notifications = await startTestNotifications(FRONTEND);
  stack = await startStack({ gatewayEnv: { NOTIFICATIONS_GRPC_URL: notifications.address } });
}, 120_000);
afterAll(async () => {
  await stack?.dispose();
  await notifications?.dispose();
});

const ACCEPTED = { success: true, message: 'Check your inbox to confirm your subscription.' };

/** Polls until the address has exactly `count` mails. */
async function mailsTo(email: string, count: number): Promise<CaughtMessage[]> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const found = await notifications.inbox(email);
    if (found.length === count) return found;
    if (Date.now() > deadline) throw new Error(`expected ${count} mails to ${email}, found ${found.length}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The link as the mail has it, followed through this gateway (what the frontend's /api proxy does). */
function pathOf(link: string): string {
  const url = new URL(link);
  expect(url.origin).toBe(FRONTEND);
  return `${url.pathname}${url.search}`;
}

function linksIn(mail: CaughtMessage): { confirm: string; unsubscribe: string } {
  const confirm = /http:\/\/\S+\/api\/newsletter\/confirm\?token=[A-Za-z0-9._-]+/.exec(mail.text)?.[0];
  const unsubscribe = /http:\/\/\S+\/api\/newsletter\/unsubscribe\?token=[A-Za-z0-9._-]+/.exec(
    mail.text,
  )?.[0];
  if (!confirm || !unsubscribe) throw new Error(`no newsletter links in:\n${mail.text}`);
  return { confirm: pathOf(confirm), unsubscribe: pathOf(unsubscribe) };
}

function expectRedirectTo(res: JsonResponse, status: string) {
  expect(res.status).toBe(303);
  expect(res.headers.get('location')).toBe(`${FRONTEND}/newsletter?status=${status}`);
  expect(res.headers.get('cache-control')).toBe('no-store');
}

const subscribe = (client: GatewayClient, email: string) => client.post('/api/newsletter', { email });

describe('newsletter through the gateway', () => {
  it('double opt-in: subscribe, mail, confirm link, read model; the same answer and no new mail once subscribed', async () => {
    const client = stack.client({ origin: FRONTEND });
    const email = uniqueEmail('reader');

    const first = await subscribe(client, `  ${email.toUpperCase()} `);
    expect(first.status).toBe(202);
    expect(first.body).toEqual(ACCEPTED);

    const [mail] = await mailsTo(email, 1);
    expect(mail!.subject).toBe('Confirm your Parley newsletter subscription');
    expect(mail!.text).toContain('Unsubscribe at any time');
    const links = linksIn(mail!);

    expectRedirectTo(await client.get(links.confirm), 'confirmed');
    expect(await subscriberByEmail(notifications.db.pool, email)).toMatchObject({
      email,
      status: 'confirmed',
      confirmationMails: 1,
    });
    expectRedirectTo(await client.get(links.confirm), 'already-confirmed');

    // Subscribed already: the very same answer, and nothing is mailed.
    const again = await subscribe(client, email);
    expect({ status: again.status, body: again.body }).toEqual({ status: first.status, body: first.body });
    const witness = uniqueEmail('witness');
    expect((await subscribe(client, witness)).status).toBe(202);
    await mailsTo(witness, 1);
    expect(await notifications.inbox(email)).toHaveLength(1);
  });

  it('a second request within 10 minutes sends no second mail', async () => {
    const client = stack.client();
    const email = uniqueEmail('eager');
    expect((await subscribe(client, email)).body).toEqual(ACCEPTED);
    expect((await subscribe(client, email)).body).toEqual(ACCEPTED);
    await mailsTo(email, 1);
    const witness = uniqueEmail('witness');
    await subscribe(client, witness);
    await mailsTo(witness, 1);
    expect(await notifications.inbox(email)).toHaveLength(1);
    expect(await subscriberByEmail(notifications.db.pool, email)).toMatchObject({
      status: 'pending',
      confirmationMails: 1,
    });
  });

  it('unsubscribe link takes the address off the list; the old confirm link no longer works', async () => {
    const client = stack.client();
    const email = uniqueEmail('leaver');
    await subscribe(client, email);
    const links = linksIn((await mailsTo(email, 1))[0]!);
    expectRedirectTo(await client.get(links.confirm), 'confirmed');

    expectRedirectTo(await client.get(links.unsubscribe), 'unsubscribed');
    expect(await subscriberByEmail(notifications.db.pool, email)).toMatchObject({
      status: 'unsubscribed',
      unsubscribedAt: expect.any(String),
    });
    expectRedirectTo(await client.get(links.unsubscribe), 'unsubscribed');
    expectRedirectTo(await client.get(links.confirm), 'invalid');
    expect(await subscriberByEmail(notifications.db.pool, email)).toMatchObject({ status: 'unsubscribed' });
  });

  it('refuses a tampered, swapped or missing token with the invalid-link page', async () => {
    const client = stack.client();
    const email = uniqueEmail('tamper');
    await subscribe(client, email);
    const links = linksIn((await mailsTo(email, 1))[0]!);
    const token = new URL(links.confirm, FRONTEND).searchParams.get('token')!;
    const flipped = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;

    expectRedirectTo(await client.get(`/api/newsletter/confirm?token=${flipped}`), 'invalid');
    expectRedirectTo(
      await client.get(
        `/api/newsletter/confirm?token=${new URL(links.unsubscribe, FRONTEND).searchParams.get('token')}`,
      ),
      'invalid',
    );
    expectRedirectTo(await client.get(`/api/newsletter/unsubscribe?token=${token}`), 'invalid');
    expectRedirectTo(await client.get('/api/newsletter/confirm'), 'invalid');
    expectRedirectTo(await client.get(`/api/newsletter/confirm?token=${'x'.repeat(300)}`), 'invalid');
    expect(await subscriberByEmail(notifications.db.pool, email)).toMatchObject({ status: 'pending' });
  });

  it('answers 400 with the form message for a malformed or missing address', async () => {
    const client = stack.client();
    for (const body of [{ email: 'not-an-email' }, { email: 'ann@example' }, {}, { email: 42 }]) {
      const res = await client.post('/api/newsletter', body);
      expect(res.status).toBe(400);
      expect(res.body.error).toEqual({
        code: 'VALIDATION',
        message: 'Incorrect email format',
        fields: [{ field: 'email', message: 'Incorrect email format' }],
      });
    }
  });

  it(`rate-limits subscriptions: ${RATE_LIMIT_POLICIES.newsletter.points} a minute per client IP, then 429`, async () => {
    const client = stack.client();
    for (let i = 0; i < RATE_LIMIT_POLICIES.newsletter.points; i++) {
      expect((await subscribe(client, uniqueEmail('burst'))).status).toBe(202);
    }
    const limited = await subscribe(client, uniqueEmail('burst'));
    expect(limited.status).toBe(429);
    expect(limited.body.error).toEqual({
      code: 'RATE_LIMITED',
      message: 'Too many attempts. Please try again later.',
    });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    // Another client is not affected.
    expect((await subscribe(stack.client(), uniqueEmail('other'))).status).toBe(202);
  });

  it('with notifications unreachable: 503 for a subscription, the try-again page for a link', async () => {
    const gateway = await stack.startGateway({
      NOTIFICATIONS_GRPC_URL: '127.0.0.1:1',
      GRPC_DEADLINE_MS: '2000',
    });
    const client = stack.client({ gateway });
    const res = await subscribe(client, uniqueEmail('down'));
    expect(res.status).toBe(503);
    expect(res.body.error.code).toBe('UNAVAILABLE');
    expectRedirectTo(await client.get('/api/newsletter/confirm?token=c.x.y.z'), 'unavailable');
  });
});
