import type { Client } from '@grpc/grpc-js';
import { AppError, BillingEvent } from '@parley/contracts';
import { ensureStream, EventStore } from '@parley/eventstore';
import { createLogger } from '@parley/logger';
import type { StripeLocal } from '@parley/stripe-local/src/start';
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
  registerOwner,
  startLocal,
  startWebhookForwarder,
  stripeConfigFor,
} from './payments-harness';

const logger = createLogger('billing-payments-test', 'silent');

type Plan = {
  plan: string;
  limits: { maxDomains: number; credits: number };
  subscription: Record<string, unknown> | null;
};

/**
 * The upgrade flow of spec section 4 end to end at the service: billing against the local
 * Stripe-compatible server through the real SDK, webhooks signed and delivered as Stripe does
 * (through a stand-in for the gateway's webhook route), events on the real BILLING stream.
 */
describe('billing payments', () => {
  let db: TestDatabase;
  let nc: NatsConnection;
  let namespace: string;
  let identity: EventStore;
  let service: Billing;
  let local: StripeLocal;
  let stripe: Stripe;
  let forwarder: Awaited<ReturnType<typeof startWebhookForwarder>>;
  let client: Client;
  let call: <Res>(method: string, request: unknown) => Promise<Res>;

  beforeAll(async () => {
    db = await createTestDatabase();
    nc = await connectTestNats();
    namespace = randomNamespace();
    await ensureStream(nc, 'identity', namespace);
    identity = new EventStore(nc, { context: 'identity', namespace });
    forwarder = await startWebhookForwarder(() => service?.grpcPort ?? null);
    ({ local, stripe } = await startLocal(logger, forwarder.url));
    service = await startBilling(
      {
        grpcPort: 0,
        databaseUrl: db.url,
        natsUrl: TEST_NATS_URL,
        eventNamespace: namespace,
        stripe: stripeConfigFor(local),
        publicAppUrl: 'http://localhost:13000',
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
    await forwarder?.stop();
    await deleteNamespaceStreams(nc, namespace).catch(() => undefined);
    await nc?.close();
    await db?.drop();
  });

  const plan = (accountId: string) => call<Plan>('GetAccountPlan', { caller: callerOf(accountId) });
  const account = async () => {
    const id = await registerOwner(identity);
    await eventually(async () => expect((await plan(id)).plan).toBe('STANDARD'));
    return id;
  };
  const body = (v: unknown) => JSON.stringify(v);
  const eventTypes = async (accountId: string) => {
    const store = new EventStore(nc, { context: 'billing', namespace });
    return (await store.load(store.subject('account', accountId))).events.map((e) => e.type);
  };
  const upgradeIntent = (accountId: string) =>
    call<{ clientSecret: string; customerId: string; paymentIntentId: string }>('CreatePaymentIntent', {
      caller: callerOf(accountId),
      bodyJson: body({ planId: 'PRO', billingDetails }),
    });

  it('upgrades STANDARD to PRO: payment intent, card confirmed, subscription after payment; limits move', async () => {
    const id = await account();
    const intent = await upgradeIntent(id);
    expect(intent.clientSecret).toMatch(/^pi_\w+_secret_\w+$/);
    const pi = await stripe.paymentIntents.retrieve(intent.paymentIntentId);
    expect(pi).toMatchObject({
      amount: 1200,
      currency: 'usd',
      customer: intent.customerId,
      setup_future_usage: 'off_session',
    });
    const customer = (await stripe.customers.retrieve(intent.customerId)) as Stripe.Customer;
    expect(customer).toMatchObject({
      email: 'ada@example.com',
      name: 'Ada Owner',
      address: { line1: '1 Main St', country: 'US' },
    });

    const paid = await confirmAsBrowser(local, intent.clientSecret, '4242424242424242');
    expect(paid.json.status).toBe('succeeded');
    const answer = await call<{ message: string; subscriptionId: string; status: string }>(
      'CreateSubscriptionAfterPayment',
      {
        caller: callerOf(id),
        bodyJson: body({
          planId: 'PRO',
          customerId: intent.customerId,
          paymentMethodId: paid.json.payment_method,
        }),
      },
    );
    expect(answer).toMatchObject({ message: 'Subscription created successfully!', status: 'active' });

    const after = await plan(id);
    expect(after).toMatchObject({ plan: 'PRO', limits: { maxDomains: 5, credits: 1000 } });
    expect(after.subscription).toMatchObject({
      subscriptionId: answer.subscriptionId,
      status: 'active',
      cancelAtPeriodEnd: false,
      ended: false,
    });
    // The first month was paid by the intent: the subscription first charges a month later.
    const sub = await stripe.subscriptions.retrieve(answer.subscriptionId, { expand: ['latest_invoice'] });
    expect((sub.latest_invoice as Stripe.Invoice).amount_due).toBe(0);
    expect(sub.items.data[0]!.current_period_end - pi.created).toBeGreaterThanOrEqual(28 * 86400);
    // Webhooks for the same payment start nothing twice.
    await eventually(async () => expect(forwarder.received.length).toBeGreaterThan(5));
    await eventually(async () => expect(await local.webhooks.pending()).toBe(0));
    const types = await eventTypes(id);
    expect(types.filter((t) => t === BillingEvent.SubscriptionStarted)).toHaveLength(1);
    expect(types.filter((t) => t === BillingEvent.AccountPlanChanged)).toHaveLength(2);
    expect((await stripe.subscriptions.list({ customer: intent.customerId })).data).toHaveLength(1);

    // Usage is counted in the paid period now, against PRO's credits.
    const usage = await call<{ requestLimit: number; periodEnd: string }>('GetUsage', {
      caller: callerOf(id),
    });
    expect(usage.requestLimit).toBe(1000);
    expect(Date.parse(usage.periodEnd)).toBe(sub.items.data[0]!.current_period_end * 1000);

    await expect(upgradeIntent(id)).rejects.toMatchObject({ kind: 'conflict', code: 'ALREADY_SUBSCRIBED' });
  });

  it("a declined card is the provider's message, starts nothing, and is recorded as PaymentFailed", async () => {
    const id = await account();
    const intent = await upgradeIntent(id);
    const declined = await confirmAsBrowser(local, intent.clientSecret, '4000000000000002');
    expect(declined.status).toBe(402);
    expect(declined.json.error?.message).toBe('Your card was declined.');
    // The browser claiming otherwise changes nothing: the provider says the payment did not succeed.
    const pm = await stripe.paymentMethods.create({
      type: 'card',
      card: { number: '4242424242424242', exp_month: 12, exp_year: 2040, cvc: '123' },
    } as Stripe.PaymentMethodCreateParams);
    await expect(
      call('CreateSubscriptionAfterPayment', {
        caller: callerOf(id),
        bodyJson: body({ planId: 'PRO', customerId: intent.customerId, paymentMethodId: pm.id }),
      }),
    ).rejects.toMatchObject({ kind: 'precondition', code: 'PAYMENT_NOT_COMPLETED' });
    await eventually(async () => expect(await eventTypes(id)).toContain(BillingEvent.PaymentFailed));
    expect((await plan(id)).plan).toBe('STANDARD');
  });

  it('cancels at period end (still PRO), then the end returns the account to STANDARD; the portal and its not-configured error', async () => {
    const id = await account();
    const intent = await upgradeIntent(id);
    const paid = await confirmAsBrowser(local, intent.clientSecret, '4242424242424242');
    const { subscriptionId } = await call<{ subscriptionId: string }>('CreateSubscriptionAfterPayment', {
      caller: callerOf(id),
      bodyJson: body({
        planId: 'PRO',
        customerId: intent.customerId,
        paymentMethodId: paid.json.payment_method,
      }),
    });
    const cancelled = await call<{ message: string; endsAt: string }>('CancelSubscription', {
      caller: callerOf(id),
    });
    expect(cancelled.message).toBe('Subscription cancelled successfully!');
    expect((await plan(id)).subscription).toMatchObject({ cancelAtPeriodEnd: true, status: 'active' });
    expect((await plan(id)).plan).toBe('PRO');

    const portal = await call<{ portalUrl: string }>('OpenCustomerPortal', { caller: callerOf(id) });
    expect(portal.portalUrl).toContain(`/portal/${intent.customerId}`);
    local.stripe.portalConfigured = false;
    await expect(call('OpenCustomerPortal', { caller: callerOf(id) })).rejects.toMatchObject({
      kind: 'precondition',
      code: 'PORTAL_NOT_CONFIGURED',
      message: 'Customer portal is not configured. Please contact support...',
    });
    local.stripe.portalConfigured = true;

    // The period ends (what Stripe's billing does at current_period_end): only the webhook tells billing.
    local.stripe.advanceSubscription(subscriptionId);
    await eventually(async () => expect((await plan(id)).plan).toBe('STANDARD'));
    expect((await plan(id)).subscription).toMatchObject({ status: 'canceled', ended: true });
    expect(await eventTypes(id)).toEqual(
      expect.arrayContaining([BillingEvent.SubscriptionCancelScheduled, BillingEvent.SubscriptionEnded]),
    );
  });

  it('renewals move the period; a renewal that keeps failing lapses to STANDARD without deleting the subscription record', async () => {
    const id = await account();
    const intent = await upgradeIntent(id);
    const paid = await confirmAsBrowser(local, intent.clientSecret, '4000000000000341');
    const { subscriptionId } = await call<{ subscriptionId: string }>('CreateSubscriptionAfterPayment', {
      caller: callerOf(id),
      bodyJson: body({
        planId: 'PRO',
        customerId: intent.customerId,
        paymentMethodId: paid.json.payment_method,
      }),
    });
    local.stripe.advanceSubscription(subscriptionId); // renewal declined: past_due, still PRO
    await eventually(async () => expect((await plan(id)).subscription).toMatchObject({ status: 'past_due' }));
    expect((await plan(id)).plan).toBe('PRO');
    local.stripe.advanceSubscription(subscriptionId); // declined again: unpaid, back to STANDARD
    await eventually(async () => expect((await plan(id)).plan).toBe('STANDARD'));
    await eventually(async () =>
      expect(await eventTypes(id)).toEqual(
        expect.arrayContaining([
          BillingEvent.SubscriptionRenewed,
          BillingEvent.SubscriptionStatusChanged,
          BillingEvent.PaymentFailed,
        ]),
      ),
    );
  });

  it("upgrades through hosted checkout: the URL, then the completed session's webhooks", async () => {
    const id = await account();
    const { checkoutUrl } = await call<{ checkoutUrl: string }>('ChangeSubscription', {
      caller: callerOf(id),
      bodyJson: body({ plan: 'PRO', useCheckout: true }),
      creating: true,
    });
    expect(checkoutUrl).toContain('/checkout/cs_test_');
    const sessionId = checkoutUrl.split('/checkout/')[1]!;
    local.stripe.completeCheckout(
      sessionId,
      { number: '4242424242424242', exp_month: 12, exp_year: 2040, cvc: '123' },
      { name: 'Ada', email: 'ada@example.com' },
    );
    expect(local.stripe.checkout(sessionId).successUrl).toBe(
      'http://localhost:13000/dashboard/settings?payment=success',
    );
    await eventually(async () => expect((await plan(id)).plan).toBe('PRO'));
  });

  it("refuses bad input with the form's messages, and answers NO_BILLING_ACCOUNT before any payment", async () => {
    const id = await account();
    await expect(
      call('CreatePaymentIntent', {
        caller: callerOf(id),
        bodyJson: body({
          planId: 'PRO',
          billingDetails: { ...billingDetails, name: ' ', address: { ...billingDetails.address, city: '' } },
        }),
      }),
    ).rejects.toMatchObject({
      kind: 'validation',
      message: 'Full name is required',
      fields: [
        { field: 'billingDetails.name', message: 'Full name is required' },
        { field: 'billingDetails.address.city', message: 'City is required' },
      ],
    });
    await expect(
      call('CreatePaymentIntent', {
        caller: callerOf(id),
        bodyJson: body({ planId: 'STANDARD', billingDetails }),
      }),
    ).rejects.toMatchObject({ kind: 'validation', message: 'Choose the PRO plan' });
    await expect(call('CancelSubscription', { caller: callerOf(id) })).rejects.toMatchObject({
      kind: 'not_found',
      message: 'No billing account found. Please subscribe to a plan first.',
    });
    await expect(call('OpenCustomerPortal', { caller: callerOf(id) })).rejects.toMatchObject({
      kind: 'not_found',
      code: 'NO_BILLING_ACCOUNT',
    });
    await expect(
      call('ChangeSubscription', { caller: callerOf(id), bodyJson: body({ plan: 'PRO' }), creating: false }),
    ).rejects.toMatchObject({ kind: 'precondition', code: 'PAYMENT_METHOD_REQUIRED' });
    expect(AppError).toBeDefined();
  });
  it("onboards the owner's connected account (Stripe Connect): a link, then readiness from its webhook", async () => {
    const id = await account();
    expect(await call('GetPayoutStatus', { caller: callerOf(id) })).toEqual({
      connected: false,
      chargesEnabled: false,
      detailsSubmitted: false,
    });
    const { url } = await call<{ url: string }>('CreateConnectLink', { caller: callerOf(id) });
    expect(url).toMatch(/\/connect\/onboarding\/acct_\w+\?return_url=/);
    const again = await call<{ url: string }>('CreateConnectLink', { caller: callerOf(id) });
    const connected = url.split('/connect/onboarding/')[1]!.split('?')[0]!;
    expect(again.url).toContain(connected); // one connected account per owner
    expect(await call('GetPayoutStatus', { caller: callerOf(id) })).toMatchObject({
      connected: true,
      chargesEnabled: false,
    });
    expect(new URL(url).searchParams.get('return_url')).toBe(
      'http://localhost:13000/dashboard/settings?payment=connect-return',
    );

    local.stripe.completeOnboarding(connected); // the owner finishes Stripe's onboarding
    await eventually(async () =>
      expect(await call('GetPayoutStatus', { caller: callerOf(id) })).toEqual({
        connected: true,
        chargesEnabled: true,
        detailsSubmitted: true,
      }),
    );
    await eventually(async () => expect(await eventTypes(id)).toContain(BillingEvent.PayoutAccountUpdated));
  });
});
