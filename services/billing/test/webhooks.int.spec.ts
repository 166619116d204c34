import type { Client } from '@grpc/grpc-js';
import { BillingEvent } from '@parley/contracts';
import { ensureStream, EventStore } from '@parley/eventstore';
import { createLogger } from '@parley/logger';
import type { StripeLocal } from '@parley/stripe-local/src/start';
import type { StripeEventObject } from '@parley/stripe-local/src/webhooks';
import {
  connectTestNats,
  createTestDatabase,
  deleteNamespaceStreams,
  eventually,
  randomNamespace,
  TEST_NATS_URL,
  type TestDatabase,
} from '@parley/testing';
import type { NatsConnection } from 'nats';
import type Stripe from 'stripe';
import { startBilling, type Billing } from '../src/start';
import {
  billingClient,
  billingDetails,
  callerOf,
  confirmAsBrowser,
  KEYS,
  registerOwner,
  startLocal,
  stripeConfigFor,
} from './payments-harness';

const logger = createLogger('billing-webhooks-test', 'silent');

/**
 * Webhooks as Stripe requires them: the signature over the raw body (the SDK's check, 300 s
 * tolerance), each event id applied once, any order. Events are handed to billing one by one
 * here (the local server's own delivery is off), signed the way Stripe signs them.
 */
describe('billing webhooks', () => {
  let db: TestDatabase;
  let nc: NatsConnection;
  let namespace: string;
  let identity: EventStore;
  let service: Billing;
  let local: StripeLocal;
  let stripe: Stripe;
  let client: Client;
  let call: <Res>(method: string, request: unknown) => Promise<Res>;

  beforeAll(async () => {
    db = await createTestDatabase();
    nc = await connectTestNats();
    namespace = randomNamespace();
    await ensureStream(nc, 'identity', namespace);
    identity = new EventStore(nc, { context: 'identity', namespace });
    ({ local, stripe } = await startLocal(logger)); // no webhook URL: the test delivers
    service = await startBilling(
      {
        grpcPort: 0,
        databaseUrl: db.url,
        natsUrl: TEST_NATS_URL,
        eventNamespace: namespace,
        stripe: stripeConfigFor(local),
        logLevel: 'silent',
      },
      logger,
    );
    ({ client, call } = billingClient(service.grpcPort));
  });

  afterAll(async () => {
    client?.close();
    await service?.stop();
    await local?.stop();
    await deleteNamespaceStreams(nc, namespace).catch(() => undefined);
    await nc?.close();
    await db?.drop();
  });

  const plan = (accountId: string) =>
    call<{ plan: string; subscription: Record<string, unknown> | null }>('GetAccountPlan', {
      caller: callerOf(accountId),
    });
  const account = async () => {
    const id = await registerOwner(identity);
    await eventually(async () => expect((await plan(id)).plan).toBe('STANDARD'));
    return id;
  };
  const eventTypes = async (accountId: string) => {
    const store = new EventStore(nc, { context: 'billing', namespace });
    return (await store.load(store.subject('account', accountId))).events.map((e) => e.type);
  };
  const inbox = async (eventId: string) =>
    (
      await db.pool.query<{ deliveries: number; processed_at: Date | null }>(
        'SELECT deliveries, processed_at FROM webhook_inbox WHERE event_id = $1',
        [eventId],
      )
    ).rows[0];

  /** Signs like Stripe: t=<timestamp>,v1=HMAC-SHA256(secret, "t.payload"), with the SDK's signer. */
  const deliver = (
    event: StripeEventObject,
    options: { secret?: string; ageSeconds?: number; payload?: string } = {},
  ) => {
    const payload = JSON.stringify(event);
    const signature = stripe.webhooks.generateTestHeaderString({
      payload,
      secret: options.secret ?? KEYS.webhook,
      timestamp: Math.floor(Date.now() / 1000) - (options.ageSeconds ?? 0),
    });
    return call<{ eventId: string; duplicate: boolean }>('HandleWebhook', {
      payload: Buffer.from(options.payload ?? payload),
      signature,
    });
  };

  /** An account with a customer (from an upgrade intent) and a PRO subscription billing has not heard of. */
  const unseenSubscription = async () => {
    const id = await account();
    const intent = await call<{ customerId: string }>('CreatePaymentIntent', {
      caller: callerOf(id),
      bodyJson: JSON.stringify({ planId: 'PRO', billingDetails }),
    });
    const pm = await stripe.paymentMethods.create({
      type: 'card',
      card: { number: '4242424242424242', exp_month: 12, exp_year: 2040, cvc: '123' },
    } as Stripe.PaymentMethodCreateParams);
    await stripe.paymentMethods.attach(pm.id, { customer: intent.customerId });
    const sub = await stripe.subscriptions.create({
      customer: intent.customerId,
      default_payment_method: pm.id,
      items: [
        {
          price_data: {
            currency: 'usd',
            product: await productId(),
            unit_amount: 1200,
            recurring: { interval: 'month' },
          },
        },
      ],
      metadata: { parley_account_id: id, parley_plan: 'PRO' },
    });
    return { id, sub, customerId: intent.customerId };
  };
  let product: string | undefined;
  const productId = async () =>
    (product ??= (await stripe.products.create({ name: 'Parley Pro (test)' })).id);
  const eventsAbout = (subscriptionId: string) =>
    local.stripe.events.filter((e) => {
      const o = e.data.object as {
        id?: string;
        parent?: { subscription_details?: { subscription?: string } };
      };
      return o.id === subscriptionId || o.parent?.subscription_details?.subscription === subscriptionId;
    });

  it('refuses a bad signature with 400 (INVALID_SIGNATURE) and changes nothing', async () => {
    const { id, sub } = await unseenSubscription();
    const created = eventsAbout(sub.id).find((e) => e.type === 'customer.subscription.created')!;
    const before = await eventTypes(id);
    await expect(deliver(created, { secret: 'whsec_notthesecret1' })).rejects.toMatchObject({
      kind: 'validation',
      code: 'INVALID_SIGNATURE',
    });
    // Signed bytes that are not the bytes sent (a tampered body).
    await expect(
      deliver(created, { payload: JSON.stringify({ ...created, type: 'invoice.paid' }) }),
    ).rejects.toMatchObject({ code: 'INVALID_SIGNATURE' });
    await expect(
      call('HandleWebhook', { payload: Buffer.from(JSON.stringify(created)), signature: '' }),
    ).rejects.toMatchObject({ code: 'INVALID_SIGNATURE' });
    expect(await eventTypes(id)).toEqual(before);
    expect(await inbox(created.id)).toBeUndefined();
    expect((await plan(id)).plan).toBe('STANDARD');
  });

  it('refuses a signature older than 300 s (a replay), takes one inside the tolerance', async () => {
    const { id, sub } = await unseenSubscription();
    const created = eventsAbout(sub.id).find((e) => e.type === 'customer.subscription.created')!;
    await expect(deliver(created, { ageSeconds: 301 })).rejects.toMatchObject({ code: 'INVALID_SIGNATURE' });
    expect((await plan(id)).plan).toBe('STANDARD');
    expect(await inbox(created.id)).toBeUndefined();
    await deliver(created, { ageSeconds: 240 });
    expect((await plan(id)).plan).toBe('PRO');
  });

  it('applies the same event twice only once', async () => {
    const { id, sub } = await unseenSubscription();
    const created = eventsAbout(sub.id).find((e) => e.type === 'customer.subscription.created')!;
    expect(await deliver(created)).toMatchObject({ duplicate: false });
    const once = await eventTypes(id);
    expect(await deliver(created)).toMatchObject({ duplicate: true });
    expect(await eventTypes(id)).toEqual(once);
    expect(await inbox(created.id)).toMatchObject({ deliveries: 2 });
    // Not only by state: a declined renewal (not a state change by itself) is recorded once too.
    local.stripe.advanceSubscription(sub.id);
    const failed = eventsAbout(sub.id).filter((e) => e.type === 'invoice.payment_failed');
    expect(failed).toHaveLength(0); // 4242 renews fine; use a failing card's account below
    const intent = await call<{ clientSecret: string; customerId: string }>('CreatePaymentIntent', {
      caller: callerOf(await account()),
      bodyJson: JSON.stringify({ planId: 'PRO', billingDetails }),
    });
    await confirmAsBrowser(local, intent.clientSecret, '4000000000000002');
    const declined = local.stripe.events.filter(
      (e) =>
        e.type === 'payment_intent.payment_failed' &&
        (e.data.object as { customer?: string }).customer === intent.customerId,
    )[0]!;
    const owner = (declined.data.object as { metadata: Record<string, string> }).metadata.parley_account_id!;
    await deliver(declined);
    await deliver(declined);
    expect((await eventTypes(owner)).filter((t) => t === BillingEvent.PaymentFailed)).toHaveLength(1);
  });

  it('events delivered in reverse order end in the right state (invoice.paid before the subscription it bills)', async () => {
    const { id, sub } = await unseenSubscription();
    await stripe.subscriptions.update(sub.id, { cancel_at_period_end: true });
    const events = eventsAbout(sub.id);
    expect(events.map((e) => e.type)).toEqual(
      expect.arrayContaining([
        'customer.subscription.created',
        'invoice.paid',
        'customer.subscription.updated',
      ]),
    );
    for (const event of [...events].reverse()) await deliver(event);
    expect((await plan(id)).subscription).toMatchObject({
      subscriptionId: sub.id,
      status: 'active',
      cancelAtPeriodEnd: true,
      ended: false,
    });
    expect((await plan(id)).plan).toBe('PRO');
    const types = await eventTypes(id);
    expect(types.filter((t) => t === BillingEvent.SubscriptionStarted)).toHaveLength(1);

    // The end, then every earlier event again in reverse: still ended, STANDARD.
    local.stripe.advanceSubscription(sub.id);
    const all = eventsAbout(sub.id);
    for (const event of [...all].reverse()) await deliver(event);
    expect((await plan(id)).plan).toBe('STANDARD');
    expect((await plan(id)).subscription).toMatchObject({ status: 'canceled', ended: true });
  });

  it('acknowledges and ignores event types it does not use, and events of no Parley account', async () => {
    const customer = await stripe.customers.create({ email: 'someone-else@example.com' });
    const created = local.stripe.events.find(
      (e) => e.type === 'customer.created' && (e.data.object as { id: string }).id === customer.id,
    )!;
    expect(await deliver(created)).toMatchObject({ duplicate: false });
    expect(await inbox(created.id)).toMatchObject({ processed_at: expect.any(Date) });
    const unknown = {
      ...created,
      id: `evt_unknown_${Date.now()}`,
      type: 'radar.early_fraud_warning.created',
    };
    expect(await deliver(unknown)).toMatchObject({ duplicate: false });
  });
});
