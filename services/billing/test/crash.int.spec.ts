import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { BillingEvent } from '@parley/contracts';
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
import {
  billingClient,
  billingDetails,
  callerOf,
  confirmAsBrowser,
  KEYS,
  registerOwner,
  startLocal,
  startWebhookForwarder,
} from './payments-harness';

const repoRoot = resolve(__dirname, '../../..');
const logger = createLogger('billing-crash-test', 'silent');
jest.setTimeout(120_000);

function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? ok(address.port) : fail(new Error('no port')),
      );
    });
  });
}

function killHard(proc: ChildProcess): Promise<void> {
  return new Promise((ok) => {
    if (proc.exitCode !== null || proc.signalCode !== null) return ok();
    proc.once('exit', () => ok());
    proc.kill('SIGKILL');
  });
}

/**
 * The bundled billing as production runs it, killed with SIGKILL after the owner paid and before
 * the payment's webhooks reached it (the browser is gone too: create-subscription-after-payment
 * is never called). Stripe keeps delivering; the restarted billing starts the subscription from
 * the payment_intent.succeeded webhook. Nothing paid for is lost.
 */
describe('billing killed between payment and webhook', () => {
  let db: TestDatabase;
  let nc: NatsConnection;
  let namespace: string;
  let bundleDir: string;
  let local: StripeLocal;
  let stripe: Stripe;
  let child: ChildProcess | undefined;
  let grpcPort: number | null = null;
  let forwarder: Awaited<ReturnType<typeof startWebhookForwarder>>;

  const launch = async (port: number) => {
    let output = '';
    const proc = spawn(process.execPath, [join(bundleDir, 'main.js')], {
      cwd: repoRoot,
      env: {
        ...process.env,
        NODE_PATH: join(repoRoot, 'node_modules'),
        BILLING_GRPC_PORT: String(port),
        BILLING_MIGRATIONS_DIR: join(repoRoot, 'services/billing/migrations'),
        DATABASE_URL: db.url,
        NATS_URL: TEST_NATS_URL,
        EVENT_NAMESPACE: namespace,
        STRIPE_SECRET_KEY: KEYS.secret,
        STRIPE_PUBLISHABLE_KEY: KEYS.publishable,
        STRIPE_WEBHOOK_SECRET: KEYS.webhook,
        STRIPE_API_URL: local.url,
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    proc.stdout!.on('data', (d: Buffer) => (output += d.toString()));
    proc.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    await eventually(
      async () => {
        if (proc.exitCode !== null) throw new Error(`billing exited with ${proc.exitCode}:\n${output}`);
        const { client, call } = billingClient(port);
        try {
          await call('ListPlans', {});
        } finally {
          client.close();
        }
      },
      60_000,
      200,
    );
    grpcPort = port;
    return proc;
  };

  beforeAll(async () => {
    db = await createTestDatabase();
    nc = await connectTestNats();
    namespace = randomNamespace();
    await ensureStream(nc, 'identity', namespace);
    forwarder = await startWebhookForwarder(() => grpcPort);
    ({ local, stripe } = await startLocal(logger, forwarder.url));
    bundleDir = mkdtempSync(join(tmpdir(), 'billing-crash-'));
    await promisify(execFile)(
      process.execPath,
      ['scripts/bundle.mjs', 'services/billing/src/main.ts', join(bundleDir, 'main.js')],
      {
        cwd: repoRoot,
      },
    );
  });

  afterAll(async () => {
    if (child) await killHard(child);
    await local?.stop();
    await forwarder?.stop();
    await deleteNamespaceStreams(nc, namespace).catch(() => undefined);
    await nc?.close();
    await db?.drop();
    rmSync(bundleDir, { recursive: true, force: true });
  });

  it('loses nothing: the restarted billing starts the subscription the owner paid for', async () => {
    const port = await freePort();
    child = await launch(port);
    const identity = new EventStore(nc, { context: 'identity', namespace });
    const accountId = await registerOwner(identity);
    const { client, call } = billingClient(port);
    let customerId: string | undefined;
    try {
      await eventually(async () =>
        expect(await call<{ plan: string }>('GetAccountPlan', { caller: callerOf(accountId) })).toMatchObject(
          { plan: 'STANDARD' },
        ),
      );
      const intent = await call<{ clientSecret: string; customerId: string }>('CreatePaymentIntent', {
        caller: callerOf(accountId),
        bodyJson: JSON.stringify({ planId: 'PRO', billingDetails }),
      });
      customerId = intent.customerId;
      forwarder.hold(); // the payment's webhooks wait (and are refused) until billing is gone
      const paid = await confirmAsBrowser(local, intent.clientSecret, '4242424242424242');
      expect(paid.json.status).toBe('succeeded');
    } finally {
      client.close();
    }
    await killHard(child);
    grpcPort = null;
    forwarder.release();
    // Deliveries fail while billing is down; Stripe (here the local server) keeps retrying.
    await eventually(async () =>
      expect(forwarder.received.filter((r) => r.status === 503).length).toBeGreaterThan(1),
    );

    const again = await freePort();
    child = await launch(again);
    const after = billingClient(again);
    try {
      await eventually(async () => {
        const plan = await after.call<{
          plan: string;
          subscription: { status: string; subscriptionId: string } | null;
        }>('GetAccountPlan', {
          caller: callerOf(accountId),
        });
        expect(plan).toMatchObject({ plan: 'PRO', subscription: { status: 'active' } });
      }, 60_000);
    } finally {
      after.client.close();
    }
    expect((await stripe.subscriptions.list({ customer: customerId! })).data).toHaveLength(1);
    const store = new EventStore(nc, { context: 'billing', namespace });
    const types = (await store.load(store.subject('account', accountId))).events.map((e) => e.type);
    expect(types.filter((t) => t === BillingEvent.SubscriptionStarted)).toHaveLength(1);
  });
});
