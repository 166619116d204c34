import { randomBytes } from 'node:crypto';
import { createLogger } from '@parley/logger';
import { startStripeLocal } from '@parley/stripe-local/src/start';
import { connectTestNats, createTestDatabase, TEST_NATS_URL, type TestDatabase } from '@parley/testing';
import { startAssistant, type Assistant } from '../../../services/assistant/src/start';
import { createHealthClient } from '../../src/clients/health-client';
import { startTestContent } from './content';
import { startTestConversations, type ConversationsWorld } from './conversations';
import { startTestDomains } from './domains';
import { startTestNotifications, type TestNotifications } from './notifications';
import { FRONTEND, startStack } from './stack';

const logLevel = process.env.TEST_LOG_LEVEL ?? 'silent';

/** A service of the world: where its gRPC health answers, and its database (read models, dead letters). */
export interface WorldService {
  name: string;
  grpcUrl: string;
  db: TestDatabase;
}

/**
 * Every program of the product, real and in-process, on one event namespace: identity, billing
 * (with the local Stripe-compatible server), notifications (with a mail catcher), domains,
 * content, conversations, the assistant (answering from retrieval: no language model) and a
 * gateway in front of them all.
 */
export interface ProductWorld extends ConversationsWorld {
  notifications: TestNotifications;
  assistant: Assistant;
  services: WorldService[];
  /** True when every service answers SERVING to the gRPC health check. */
  servicesServing(): Promise<Array<{ name: string; serving: boolean }>>;
  /** Dead letters parked by any projection of any service, by service. */
  deadLetters(): Promise<Array<{ service: string; projection: string; error: string }>>;
  /** Resolves once every durable consumer on the namespace's streams has nothing pending or unacknowledged. */
  quiet(timeoutMs?: number): Promise<void>;
}

/** `billingEnv`: billing's Stripe settings (a local Stripe-compatible server, for payments). */
export async function startProductWorld(
  options: { billingEnv?: Record<string, string> } = {},
): Promise<ProductWorld> {
  // Whatever started is stopped again if a later start fails (the run would otherwise hang on it).
  const started: Array<() => Promise<unknown>> = [];
  const begin = async <T>(start: Promise<T>, stop: (it: T) => Promise<unknown>): Promise<T> => {
    const it = await start;
    started.push(() => stop(it));
    return it;
  };
  try {
    return await assemble(begin, started, options.billingEnv);
  } catch (error) {
    for (const stop of started.reverse()) await stop().catch(() => undefined);
    throw error;
  }
}

async function assemble(
  begin: <T>(start: Promise<T>, stop: (it: T) => Promise<unknown>) => Promise<T>,
  started: Array<() => Promise<unknown>>,
  billingEnv?: Record<string, string>,
): Promise<ProductWorld> {
  // Billing pointed at the project's own Stripe-compatible server, as `npm start` runs it (the
  // payments routes answer as they do for users, not 503 'Payments are not configured'), unless
  // the caller brings its own.
  billingEnv ??= await localStripeFor(begin);
  const stack = await begin(startStack({ billingEnv }), (s) => s.dispose());
  const [domains, content, conversations, notifications] = await Promise.all([
    begin(startTestDomains(stack.namespace), (s) => s.stop()),
    begin(startTestContent(stack.namespace), (s) => s.stop()),
    begin(startTestConversations(stack.namespace), (s) => s.stop()),
    begin(startTestNotifications(FRONTEND, stack.namespace, stack.mailSealKey), (s) => s.dispose()),
  ]);
  const assistantDb = await begin(createTestDatabase(), (db) => db.drop());
  const assistant = await begin(
    startAssistant(
      {
        grpcPort: 0,
        httpPort: 0,
        databaseUrl: assistantDb.url,
        natsUrl: TEST_NATS_URL,
        eventNamespace: stack.namespace,
        conversationsGrpcUrl: conversations.grpcUrl,
        billingGrpcUrl: stack.billing.address,
        // Billing checks the caller: the assistant signs as it does in production.
        callerTokenSecret: stack.callerTokenSecret,
        concurrency: 4,
        languageModel: null,
        logLevel: logLevel as never,
      },
      createLogger('assistant', logLevel as never),
    ),
    (a) => a.stop(),
  );
  const gateway = await stack.startGateway({
    DOMAINS_GRPC_URL: domains.grpcUrl,
    CONTENT_GRPC_URL: content.grpcUrl,
    CONVERSATIONS_GRPC_URL: conversations.grpcUrl,
    NOTIFICATIONS_GRPC_URL: notifications.address,
    // The fuzz suite's API-key callers send far more than a program would in a minute.
    API_KEY_RATE_LIMIT_PER_MINUTE: '100000',
  });
  const services: WorldService[] = [
    { name: 'identity', grpcUrl: `127.0.0.1:${stack.identity.grpcPort}`, db: stack.identityDb },
    { name: 'billing', grpcUrl: stack.billing.address, db: stack.billing.db },
    { name: 'notifications', grpcUrl: notifications.address, db: notifications.db },
    { name: 'domains', grpcUrl: domains.grpcUrl, db: domains.db },
    { name: 'content', grpcUrl: content.grpcUrl, db: content.db },
    { name: 'conversations', grpcUrl: conversations.grpcUrl, db: conversations.db },
    { name: 'assistant', grpcUrl: `127.0.0.1:${assistant.grpcPort}`, db: assistantDb },
  ];
  return {
    stack,
    domains,
    content,
    conversations,
    notifications,
    assistant,
    gateway,
    services,
    servicesServing: () =>
      Promise.all(
        services.map(async (s) => {
          const health = createHealthClient(s.grpcUrl, 5_000);
          try {
            return { name: s.name, serving: await health.isServing(5_000) };
          } finally {
            health.close();
          }
        }),
      ),
    deadLetters: async () => {
      const found: Array<{ service: string; projection: string; error: string }> = [];
      for (const s of services) {
        const { rows: exists } = await s.db.pool.query<{ t: string | null }>(
          "SELECT to_regclass('projection_dead_letters')::text AS t",
        );
        if (!exists[0]?.t) continue;
        const { rows } = await s.db.pool.query<{ projection: string; error: string }>(
          'SELECT projection, error FROM projection_dead_letters',
        );
        found.push(...rows.map((r) => ({ service: s.name, ...r })));
      }
      return found;
    },
    quiet: async (timeoutMs = 30_000) => {
      const nc = await connectTestNats();
      try {
        const jsm = await nc.jetstreamManager();
        const prefix = `${stack.namespace.toUpperCase()}_`;
        const deadline = Date.now() + timeoutMs;
        for (;;) {
          let busy = 0;
          for await (const stream of jsm.streams.names()) {
            if (!stream.startsWith(prefix)) continue;
            for await (const consumer of jsm.consumers.list(stream)) {
              if (consumer.config.durable_name) busy += consumer.num_pending + consumer.num_ack_pending;
            }
          }
          if (busy === 0) return;
          if (Date.now() > deadline) throw new Error(`projections still had ${busy} events to apply`);
          await new Promise((r) => setTimeout(r, 250));
        }
      } finally {
        await nc.close();
      }
    },
    // The assistant first (it calls conversations and billing), the gateways and identity last.
    dispose: async () => {
      for (const stop of [...started].reverse()) await stop().catch(() => undefined);
    },
  };
}

/** A local Stripe-compatible server with keys of its own, and the settings that point billing at it. */
async function localStripeFor(
  begin: <T>(start: Promise<T>, stop: (it: T) => Promise<unknown>) => Promise<T>,
): Promise<Record<string, string>> {
  const keys = {
    secretKey: `sk_test_world${randomBytes(6).toString('hex')}`,
    publishableKey: `pk_test_world${randomBytes(6).toString('hex')}`,
    webhookSecret: `whsec_world${randomBytes(6).toString('hex')}`,
  };
  const stripe = await begin(
    startStripeLocal(
      { host: '127.0.0.1', httpPort: 0, ...keys, logLevel: 'silent' },
      createLogger('stripe-local', 'silent'),
    ),
    (s) => s.stop(),
  );
  return {
    STRIPE_SECRET_KEY: keys.secretKey,
    STRIPE_PUBLISHABLE_KEY: keys.publishableKey,
    STRIPE_WEBHOOK_SECRET: keys.webhookSecret,
    STRIPE_API_URL: stripe.url,
    STRIPE_JS_URL: `${stripe.url}/v3`,
  };
}
