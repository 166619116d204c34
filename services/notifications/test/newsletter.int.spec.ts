import { eventually } from '@parley/testing';
import { subscriberByEmail } from '../src/projections/newsletter-subscribers/queries';
import { createWorld, startForTest, testConfig, type RunningNotifications, type TestWorld } from './harness';
import { newsletterLinksIn, tokenOf } from './newsletter-links';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/**
 * The newsletter through the service's own gRPC API, with its clock under the test's control so
 * the 10-minute mail interval and the 7-day link expiry can be crossed without waiting.
 */
describe('newsletter (notifications service)', () => {
  let world: TestWorld;
  let service: RunningNotifications;
  let offsetMs = 0;
  let counter = 0;

  const address = (label: string) => `${label}.${world.namespace}.${++counter}@example.com`;
  const call = <Res>(method: string, request: unknown) => service.call<Res>(method, request);
  const subscribe = (email: string) => call<object>('SubscribeNewsletter', { email });
  const confirm = async (token: string) =>
    (await call<{ outcome: string }>('ConfirmNewsletterSubscription', { token })).outcome;
  const unsubscribe = async (token: string) =>
    (await call<{ outcome: string }>('UnsubscribeNewsletter', { token })).outcome;

  beforeAll(async () => {
    world = await createWorld();
    service = await startForTest(testConfig(world), { clock: () => new Date(Date.now() + offsetMs) });
  });

  afterAll(async () => {
    await service?.stop();
    await world?.dispose();
  });

  it('mails a confirmation with links on PUBLIC_APP_URL; confirming shows in the read model', async () => {
    const email = address('ann');
    await subscribe(email.toUpperCase());
    const [mail] = await world.mailsTo(email, 1);
    expect(mail).toMatchObject({ subject: 'Confirm your Parley newsletter subscription', to: [email] });
    expect(mail!.text).toContain(`Parley product updates at ${email}.`);
    expect(mail!.text).toContain('The link works for 7 days.');
    const { confirmUrl, unsubscribeUrl } = newsletterLinksIn(mail!);
    expect(confirmUrl.startsWith('https://app.parley.example/api/newsletter/confirm?token=')).toBe(true);
    expect(unsubscribeUrl.startsWith('https://app.parley.example/api/newsletter/unsubscribe?token=')).toBe(
      true,
    );
    await eventually(async () =>
      expect(await subscriberByEmail(world.db.pool, email)).toMatchObject({
        email,
        status: 'pending',
        confirmationMails: 1,
      }),
    );

    expect(await confirm(tokenOf(confirmUrl))).toBe('confirmed');
    // The answer waits for the read model, so it shows at once.
    expect(await subscriberByEmail(world.db.pool, email)).toMatchObject({
      status: 'confirmed',
      confirmedAt: expect.any(String),
    });
    expect(await confirm(tokenOf(confirmUrl))).toBe('already-confirmed');
  });

  it('mails at most once per 10 minutes, and never a confirmed address', async () => {
    const email = address('bob');
    await subscribe(email);
    await subscribe(email);
    const [first] = await world.mailsTo(email, 1);

    offsetMs += 10 * MINUTE;
    await subscribe(email);
    const mails = await world.mailsTo(email, 2);
    expect(await subscriberByEmail(world.db.pool, email)).toMatchObject({
      status: 'pending',
      confirmationMails: 2,
    });

    // The first mail's link still confirms while the address is pending.
    expect(await confirm(tokenOf(newsletterLinksIn(first!).confirmUrl))).toBe('confirmed');
    offsetMs += 60 * MINUTE;
    await subscribe(email);
    // A later address's mail proves the service handled the request above before we look.
    const witness = address('witness');
    await subscribe(witness);
    await world.mailsTo(witness, 1);
    expect(await world.inbox(email)).toHaveLength(mails.length);
  });

  it('refuses a confirm link 7 days after its request as expired', async () => {
    const email = address('carol');
    await subscribe(email);
    const [mail] = await world.mailsTo(email, 1);
    offsetMs += 7 * DAY;
    expect(await confirm(tokenOf(newsletterLinksIn(mail!).confirmUrl))).toBe('expired');
    expect(await subscriberByEmail(world.db.pool, email)).toMatchObject({ status: 'pending' });
  });

  it('unsubscribes; the old confirm link then no longer subscribes', async () => {
    const email = address('dave');
    await subscribe(email);
    const [mail] = await world.mailsTo(email, 1);
    const links = newsletterLinksIn(mail!);
    expect(await confirm(tokenOf(links.confirmUrl))).toBe('confirmed');
    expect(await unsubscribe(tokenOf(links.unsubscribeUrl))).toBe('unsubscribed');
    expect(await subscriberByEmail(world.db.pool, email)).toMatchObject({
      status: 'unsubscribed',
      unsubscribedAt: expect.any(String),
    });
    expect(await unsubscribe(tokenOf(links.unsubscribeUrl))).toBe('unsubscribed');
    offsetMs += MINUTE;
    expect(await confirm(tokenOf(links.confirmUrl))).toBe('invalid');
    expect(await subscriberByEmail(world.db.pool, email)).toMatchObject({ status: 'unsubscribed' });
  });

  it('answers invalid for tampered, swapped or made-up tokens', async () => {
    const email = address('erin');
    await subscribe(email);
    const [mail] = await world.mailsTo(email, 1);
    const { confirmUrl, unsubscribeUrl } = newsletterLinksIn(mail!);
    const token = tokenOf(confirmUrl);
    const tampered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BA' : 'AA'}`;
    expect(await confirm(tampered)).toBe('invalid');
    expect(await confirm(tokenOf(unsubscribeUrl))).toBe('invalid');
    expect(await unsubscribe(token)).toBe('invalid');
    expect(await confirm('')).toBe('invalid');
    expect(await confirm('c.x.y.z')).toBe('invalid');
    expect(await subscriberByEmail(world.db.pool, email)).toMatchObject({ status: 'pending' });
  });

  it('refuses a malformed address with the form message', async () => {
    await expect(subscribe('not-an-email')).rejects.toMatchObject({
      kind: 'validation',
      message: 'Incorrect email format',
      fields: [{ field: 'email', message: 'Incorrect email format' }],
    });
  });
});
