import { createLogger } from '@parley/logger';
import { startStripeLocal, type StripeLocal } from '@parley/stripe-local/src/start';
import { eventually } from '@parley/testing';
import Stripe from 'stripe';
import { registerOwner } from './support/flows';
import { FRONTEND, startStack, type TestStack } from './support/stack';

const KEYS = {
  secret: 'sk_test_gatewaytest1',
  publishable: 'pk_test_gatewaytest1',
  webhook: 'whsec_gatewaytest1',
};

/**
 * /api/payments through the real gateway and billing, billing's SDK pointed at the local
 * Stripe-compatible server: the raw-body webhook route (signature, tolerance, once per event id),
 * who may call the routes, and the payment form's messages.
 */
let stack: TestStack;
let local: StripeLocal;
let signer: Stripe;

beforeAll(async () => {
  local = await startStripeLocal(
    {
      host: '127.0.0.1',
      httpPort: 0,
      secretKey: KEYS.secret,
      publishableKey: KEYS.publishable,
      webhookSecret: KEYS.webhook,
      logLevel: 'silent',
    },
    createLogger('stripe-local', 'silent'),
  );
  stack = await startStack({
    billingEnv: {
      STRIPE_SECRET_KEY: KEYS.secret,
      STRIPE_PUBLISHABLE_KEY: KEYS.publishable,
      STRIPE_WEBHOOK_SECRET: KEYS.webhook,
      STRIPE_API_URL: local.url,
      STRIPE_JS_URL: `${local.url}/v3`,
    },
  });
  signer = new Stripe(KEYS.secret, { host: '127.0.0.1', port: local.httpPort, protocol: 'http' });
}, 120_000);
afterAll(async () => {
  await stack?.dispose();
  await local?.stop();
});

const client = () => stack.client({ origin: FRONTEND });

/** A Stripe event object for the webhook, as the local server would send it. */
const event = (type: string, object: Record<string, unknown>) => ({
  id: `evt_gw_${Math.random().toString(36).slice(2)}`,
  object: 'event',
  api_version: '2026-10-28.endive',
  created: Math.floor(Date.now() / 1000),
  type,
  livemode: false,
  pending_webhooks: 1,
  request: { id: null, idempotency_key: null },
  data: { object },
});

/** POST /api/payments/webhook as Stripe sends it: no cookies, no origin, a signed raw body. */
const deliver = (payload: string, signature: string) =>
  stack.client().request('POST', '/api/payments/webhook', {
    rawBody: payload,
    headers: { 'stripe-signature': signature, 'content-type': 'application/json; charset=utf-8' },
    cookies: false,
  });
const sign = (payload: string, ageSeconds = 0, secret = KEYS.webhook) =>
  signer.webhooks.generateTestHeaderString({
    payload,
    secret,
    timestamp: Math.floor(Date.now() / 1000) - ageSeconds,
  });

describe('POST /api/payments/webhook', () => {
  it('answers 400 for a bad signature, a tampered body and a signature older than 300 s, and applies nothing', async () => {
    const payload = JSON.stringify(
      event('radar.early_fraud_warning.created', { id: 'issfr_1', object: 'radar.early_fraud_warning' }),
    );
    for (const res of [
      await deliver(payload, sign(payload, 0, 'whsec_someoneelse1')),
      await deliver(payload.replace('issfr_1', 'issfr_2'), sign(payload)),
      await deliver(payload, sign(payload, 301)),
      await deliver(payload, ''),
    ]) {
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        error: { code: 'INVALID_SIGNATURE', message: 'Invalid webhook signature' },
      });
    }
    const ok = await deliver(payload, sign(payload));
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ received: true, duplicate: false });
  });

  it('takes the same event once, acknowledges the repeat, and ignores types it does not use', async () => {
    const payload = JSON.stringify(
      event('customer.created', { id: 'cus_gw_1', object: 'customer', metadata: {} }),
    );
    expect((await deliver(payload, sign(payload))).body).toEqual({ received: true, duplicate: false });
    expect((await deliver(payload, sign(payload))).body).toEqual({ received: true, duplicate: true });
  });

  it('is not a browser route: it needs no session and no origin', async () => {
    const payload = JSON.stringify(event('customer.updated', { id: 'cus_gw_2', object: 'customer' }));
    const res = await deliver(payload, sign(payload));
    expect(res.status).toBe(200);
  });
});

describe('/api/payments routes', () => {
  it('needs a signed-in owner, and answers the payments config publicly', async () => {
    expect((await client().get('/api/payments/v2/subscriptions')).status).toBe(401);
    const config = await client().get('/api/payments/config');
    expect(config.body).toEqual({
      data: { enabled: true, publishableKey: KEYS.publishable, scriptUrl: `${local.url}/v3` },
    });
  });

  it("checks the payment form with the spec's rules and answers the subscription details", async () => {
    const c = client();
    await registerOwner(stack, c);
    const refused = await c.post('/api/payments/v2/create-payment-intent', {
      planId: 'PRO',
      billingDetails: {
        name: '',
        email: 'nope',
        address: { line1: '1 Main St', city: '', postal_code: '1', state: 'IL' },
      },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({
      code: 'VALIDATION',
      message: 'Full name is required',
      fields: [
        { field: 'billingDetails.name', message: 'Full name is required' },
        { field: 'billingDetails.email', message: 'Incorrect email format' },
        { field: 'billingDetails.address.city', message: 'City is required' },
      ],
    });
    const created = await c.post('/api/payments/v2/create-payment-intent', {
      planId: 'PRO',
      billingDetails: {
        name: 'Ada Owner',
        email: 'ada@example.com',
        address: { line1: '1 Main St', city: 'Springfield', postal_code: '62701', state: 'IL' },
      },
    });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({
      clientSecret: expect.stringMatching(/^pi_\w+_secret_/),
      customerId: expect.stringMatching(/^cus_/),
    });
    const pi = await signer.paymentIntents.retrieve(String(created.body.clientSecret).split('_secret_')[0]!);
    expect(pi.amount).toBe(1200);

    const details = await c.get('/api/payments/v2/subscriptions');
    expect(details.status).toBe(200);
    expect(details.headers.get('cache-control')).toBe('private, no-store');
    expect(details.body.data).toMatchObject({
      currentPlan: 'STANDARD',
      subscription: null,
      providerSubscription: null,
      canUpgrade: true,
    });
    const cancel = await c.request('DELETE', '/api/payments/v2/subscriptions');
    expect(cancel.status).toBe(404);
    expect(cancel.body.error.message).toBe('No billing account found. Please subscribe to a plan first.');
    await eventually(async () => expect((await c.get('/api/billing/plan')).body.data.plan).toBe('STANDARD'));
  });
});
