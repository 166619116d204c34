import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLogger } from '@parley/logger';
import { eventually } from '@parley/testing';
import Stripe from 'stripe';
import { startStripeLocal, type StripeLocal } from './start';

const logger = createLogger('stripe-local-test', 'silent');
const SECRET = 'sk_test_localtest123';
const PUBLISHABLE = 'pk_test_localtest123';
const WEBHOOK_SECRET = 'whsec_localtest123';

/** The local server answered through the real `stripe` SDK, pointed at it by host and port. */
describe('local Stripe server', () => {
  let local: StripeLocal;
  let stripe: Stripe;
  let hook: Server;
  const received: { body: string; signature: string }[] = [];
  let refuse = 0;

  beforeAll(async () => {
    hook = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        if (refuse > 0) {
          refuse--;
          res.writeHead(503).end();
          return;
        }
        received.push({ body, signature: String(req.headers['stripe-signature']) });
        res.writeHead(200).end('{}');
      });
    });
    await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
    local = await startStripeLocal(
      {
        host: '127.0.0.1',
        httpPort: 0,
        secretKey: SECRET,
        publishableKey: PUBLISHABLE,
        webhookSecret: WEBHOOK_SECRET,
        webhookUrl: `http://127.0.0.1:${(hook.address() as AddressInfo).port}/hook`,
        webhookRetryBaseMs: 50,
        logLevel: 'silent',
      },
      logger,
    );
    stripe = new Stripe(SECRET, {
      host: '127.0.0.1',
      port: local.httpPort,
      protocol: 'http',
      maxNetworkRetries: 0,
    });
  });
  afterAll(async () => {
    await local.stop();
    await new Promise((resolve) => hook.close(resolve));
  });

  /** What Stripe.js does in the browser: the publishable key and the client secret, form-encoded. */
  const confirmAsBrowser = async (pi: Stripe.PaymentIntent, number: string) => {
    const body = new URLSearchParams({
      key: PUBLISHABLE,
      client_secret: pi.client_secret!,
      'payment_method_data[type]': 'card',
      'payment_method_data[card][number]': number,
      'payment_method_data[card][exp_month]': '12',
      'payment_method_data[card][exp_year]': '40',
      'payment_method_data[card][cvc]': '123',
    });
    const res = await fetch(`${local.url}/v1/payment_intents/${pi.id}/confirm`, { method: 'POST', body });
    return {
      status: res.status,
      json: (await res.json()) as { status?: string; error?: Record<string, unknown> },
    };
  };

  const eventsOf = (type: string) =>
    received
      .map((r) => stripe.webhooks.constructEvent(r.body, r.signature, WEBHOOK_SECRET, 300))
      .filter((e) => e.type === type);

  it("takes a payment with 4242 and declines 4000 0000 0000 0002 with Stripe's message", async () => {
    const customer = await stripe.customers.create({ email: 'ann@example.com', name: 'Ann' });
    const pi = await stripe.paymentIntents.create({
      amount: 1200,
      currency: 'usd',
      customer: customer.id,
      setup_future_usage: 'off_session',
      metadata: { purpose: 'test' },
    });
    expect(pi.status).toBe('requires_payment_method');
    const declined = await confirmAsBrowser(pi, '4000000000000002');
    expect(declined.status).toBe(402);
    expect(declined.json.error).toMatchObject({
      type: 'card_error',
      code: 'card_declined',
      message: 'Your card was declined.',
    });
    const paid = await confirmAsBrowser(pi, '4242424242424242');
    expect(paid.json.status).toBe('succeeded');
    const read = await stripe.paymentIntents.retrieve(pi.id);
    expect(read.status).toBe('succeeded');
    const pm = await stripe.paymentMethods.retrieve(read.payment_method as string);
    expect(pm).toMatchObject({ customer: customer.id, card: { last4: '4242', brand: 'visa' } });
    await eventually(async () =>
      expect(
        eventsOf('payment_intent.succeeded').map((e) => (e.data.object as Stripe.PaymentIntent).id),
      ).toContain(pi.id),
    );
    expect(eventsOf('payment_intent.payment_failed').length).toBeGreaterThan(0);
  });

  it('refuses a secret-key call made with the publishable key, and a wrong key', async () => {
    const browserKey = new Stripe(PUBLISHABLE, { host: '127.0.0.1', port: local.httpPort, protocol: 'http' });
    await expect(browserKey.customers.create({})).rejects.toMatchObject({
      type: 'StripeAuthenticationError',
    });
    const wrong = new Stripe('sk_test_wrongwrong', {
      host: '127.0.0.1',
      port: local.httpPort,
      protocol: 'http',
    });
    await expect(wrong.customers.create({})).rejects.toMatchObject({ statusCode: 401 });
    await expect(stripe.customers.retrieve('cus_missing')).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      code: 'resource_missing',
      statusCode: 404,
    });
  });

  it('runs a subscription: created, cancel at period end, renewal, end, with invoices and events', async () => {
    const customer = await stripe.customers.create({ email: 'bo@example.com' });
    const pm = await stripe.paymentMethods.create({
      type: 'card',
      card: { number: '4242424242424242', exp_month: 12, exp_year: 2040, cvc: '123' },
    } as Stripe.PaymentMethodCreateParams);
    await stripe.paymentMethods.attach(pm.id, { customer: customer.id });
    const product = await stripe.products.create({ id: `prod_test_${Date.now()}`, name: 'Pro' });
    const sub = await stripe.subscriptions.create(
      {
        customer: customer.id,
        default_payment_method: pm.id,
        items: [
          {
            price_data: {
              currency: 'usd',
              product: product.id,
              unit_amount: 1200,
              recurring: { interval: 'month' },
            },
          },
        ],
        metadata: { accountId: 'a1' },
        expand: ['latest_invoice'],
      },
      { idempotencyKey: 'sub-once' },
    );
    expect(sub.status).toBe('active');
    expect((sub.latest_invoice as Stripe.Invoice).status).toBe('paid');
    expect((sub.latest_invoice as Stripe.Invoice).parent?.subscription_details?.subscription).toBe(sub.id);
    const item = sub.items.data[0]!;
    expect(item.current_period_end).toBeGreaterThan(item.current_period_start);
    // The same idempotency key answers the first subscription, creating no second one.
    const again = await stripe.subscriptions.create(
      {
        customer: customer.id,
        default_payment_method: pm.id,
        items: [
          {
            price_data: {
              currency: 'usd',
              product: product.id,
              unit_amount: 1200,
              recurring: { interval: 'month' },
            },
          },
        ],
        metadata: { accountId: 'a1' },
        expand: ['latest_invoice'],
      },
      { idempotencyKey: 'sub-once' },
    );
    expect(again.id).toBe(sub.id);

    const advance = async () =>
      (await (
        await fetch(`${local.url}/_local/subscriptions/${sub.id}/advance`, { method: 'POST' })
      ).json()) as Stripe.Subscription;
    const renewed = await advance();
    expect(renewed.items.data[0]!.current_period_start).toBe(item.current_period_end);
    const cancelling = await stripe.subscriptions.update(sub.id, { cancel_at_period_end: true });
    expect(cancelling).toMatchObject({ status: 'active', cancel_at_period_end: true });
    const ended = await advance();
    expect(ended.status).toBe('canceled');
    await eventually(async () => expect(eventsOf('customer.subscription.deleted').length).toBeGreaterThan(0));
    expect(eventsOf('invoice.paid').length).toBeGreaterThanOrEqual(2);
  });

  it('answers the portal-not-configured error when told so, and a portal URL otherwise', async () => {
    const customer = await stripe.customers.create({ email: 'cy@example.com' });
    const session = await stripe.billingPortal.sessions.create({
      customer: customer.id,
      return_url: 'http://localhost:3000/dashboard/settings',
    });
    expect(session.url).toContain(`/portal/${customer.id}`);
    await fetch(`${local.url}/_local/portal`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ configured: false }),
    });
    await expect(stripe.billingPortal.sessions.create({ customer: customer.id })).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      message: expect.stringContaining('default configuration has not been created'),
    });
    local.stripe.portalConfigured = true;
  });

  it('onboards a connected account and announces it with account.updated', async () => {
    const account = await stripe.accounts.create({ type: 'express', email: 'dee@example.com' });
    expect(account.charges_enabled).toBe(false);
    const link = await stripe.accountLinks.create({
      account: account.id,
      type: 'account_onboarding',
      return_url: 'http://localhost:3000/back',
      refresh_url: 'http://localhost:3000/again',
    });
    const page = await fetch(link.url);
    expect(await page.text()).toContain('Complete onboarding');
    const done = await fetch(`${local.url}/connect/onboarding/${account.id}`, {
      method: 'POST',
      body: new URLSearchParams({ return_url: 'http://localhost:3000/back' }),
      redirect: 'manual',
    });
    expect(done.status).toBe(303);
    expect((await stripe.accounts.retrieve(account.id)).charges_enabled).toBe(true);
    await eventually(async () =>
      expect(eventsOf('account.updated').map((e) => e.account)).toContain(account.id),
    );
  });

  it('retries a refused webhook until it is taken', async () => {
    refuse = 2;
    const before = received.length;
    await stripe.customers.create({ email: 'eve@example.com' });
    await eventually(async () => expect(received.length).toBe(before + 1));
    expect(local.webhooks.delivered.filter((d) => d.status === 503).length).toBeGreaterThanOrEqual(2);
  });

  it('serves a Stripe.js-compatible script', async () => {
    const res = await fetch(`${local.url}/v3`);
    expect(res.headers.get('content-type')).toContain('javascript');
    const text = await res.text();
    expect(text).toContain('window.Stripe = Stripe');
    expect(text).toContain('confirmCardPayment');
  });
});
