import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Client } from '@grpc/grpc-js';
import { AppError, IdentityEvent, type UserRegistered } from '@parley/contracts';
import { EventStore } from '@parley/eventstore';
import { callUnary, createClient, loadService } from '@parley/grpc';
import type { Logger } from '@parley/logger';
import { startStripeLocal, type StripeLocal } from '@parley/stripe-local/src/start';
import Stripe from 'stripe';

export const KEYS = {
  secret: 'sk_test_billingtest1',
  publishable: 'pk_test_billingtest1',
  webhook: 'whsec_billingtest1',
};

export const stripeConfigFor = (local: StripeLocal) => ({
  secretKey: KEYS.secret,
  publishableKey: KEYS.publishable,
  webhookSecret: KEYS.webhook,
  apiUrl: local.url,
  scriptUrl: `${local.url}/v3`,
});

export function billingClient(port: number): {
  client: Client;
  call: <Res>(method: string, request: unknown) => Promise<Res>;
} {
  const client = createClient(
    loadService('billing/v1/billing.proto', 'parley.billing.v1.Billing'),
    `127.0.0.1:${port}`,
  );
  return {
    client,
    call: <Res>(method: string, request: unknown) =>
      callUnary<unknown, Res>(client, method, request, { deadlineMs: 20_000 }),
  };
}

/**
 * What the gateway's POST /api/payments/webhook does (gateway/src/http/routes/payments-routes.ts),
 * in front of a billing the test starts: raw body and Stripe-Signature to HandleWebhook, its
 * error kinds as the gateway maps them (validation 400, anything else 503 so Stripe retries).
 * `hold()` keeps deliveries waiting (answered 503) until `release()`.
 */
export async function startWebhookForwarder(target: () => number | null) {
  let held = false;
  const received: { status: number }[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const answer = (status: number) => {
        received.push({ status });
        res.writeHead(status, { 'content-type': 'application/json' }).end('{}');
      };
      const port = target();
      if (held || port === null) return answer(503);
      const { client, call } = billingClient(port);
      call('HandleWebhook', {
        payload: Buffer.concat(chunks),
        signature: String(req.headers['stripe-signature'] ?? ''),
      })
        .then(
          () => answer(200),
          (e: unknown) => answer(e instanceof AppError && e.kind === 'validation' ? 400 : 503),
        )
        .finally(() => client.close());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/payments/webhook`,
    received,
    hold: () => (held = true),
    release: () => (held = false),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export async function startLocal(
  logger: Logger,
  webhookUrl?: string,
): Promise<{ local: StripeLocal; stripe: Stripe }> {
  const local = await startStripeLocal(
    {
      host: '127.0.0.1',
      httpPort: 0,
      secretKey: KEYS.secret,
      publishableKey: KEYS.publishable,
      webhookSecret: KEYS.webhook,
      webhookUrl,
      webhookRetryBaseMs: 100,
      logLevel: 'silent',
    },
    logger,
  );
  const stripe = new Stripe(KEYS.secret, { host: '127.0.0.1', port: local.httpPort, protocol: 'http' });
  return { local, stripe };
}

/** Stripe.js's confirmCardPayment as the browser sends it: publishable key and client secret. */
export async function confirmAsBrowser(local: StripeLocal, clientSecret: string, number: string) {
  const id = clientSecret.split('_secret_')[0]!;
  const body = new URLSearchParams({
    key: KEYS.publishable,
    client_secret: clientSecret,
    'payment_method_data[type]': 'card',
    'payment_method_data[card][number]': number,
    'payment_method_data[card][exp_month]': '12',
    'payment_method_data[card][exp_year]': '40',
    'payment_method_data[card][cvc]': '123',
  });
  const res = await fetch(`${local.url}/v1/payment_intents/${id}/confirm`, { method: 'POST', body });
  return {
    status: res.status,
    json: (await res.json()) as { status?: string; payment_method?: string; error?: { message: string } },
  };
}

export const billingDetails = {
  name: 'Ada Owner',
  email: 'ada@example.com',
  address: { line1: '1 Main St', city: 'Springfield', postal_code: '12345', state: 'IL', country: 'US' },
};

/** Appends a registration the way identity does, so billing's reactor gives the account its plan. */
export async function registerOwner(identity: EventStore): Promise<string> {
  const userId = randomUUID();
  const data: UserRegistered = {
    userId,
    email: `${userId}@example.com`,
    fullname: 'Ada Owner',
    role: 'OWNER',
    plan: 'STANDARD',
    selectedPlan: 'STANDARD',
    registeredAt: new Date().toISOString(),
    accountId: userId,
  };
  await identity.append(identity.subject('user', userId), [{ type: IdentityEvent.UserRegistered, data }], {
    expectedVersion: 0,
    commandId: randomUUID(),
  });
  return userId;
}

export const callerOf = (accountId: string) => ({ userId: accountId, accountId, role: 'OWNER' });
