import { join } from 'node:path';
import { EventStore, connectEventBus, ensureStream, streamName } from '@parley/eventstore';
import { callerTokenVerifier, loadService, serveGrpc } from '@parley/grpc';
import type { Logger } from '@parley/logger';
import { Lanes, startWithTeardown } from '@parley/program';
import {
  migrateProjectionDatabase,
  openProjectionDatabase,
  projectionsGrpcService,
  projectionStarter,
} from '@parley/projections';
import type { BillingConfig } from './config';
import type { BillingDeps } from './app/deps';
import { billingService } from './grpc/billing-service';
import { registrationReactor } from './reactors/registration-reactor';
import { proPriceResolver } from './app/payments/pro-price';
import { createStripe } from './payments/stripe-client';

/** Beside src/ and beside dist/ alike, so the bundled program finds them too. */
const MIGRATIONS_DIR = join(__dirname, '..', 'migrations');

export interface Billing {
  grpcPort: number;
  stop(): Promise<void>;
}

export interface StartOptions {
  /** Epoch milliseconds for the changedAt of plan changes; tests may fix it. */
  clock?: () => number;
}

/**
 * Wires the service: its database (projection checkpoints, payment customers, the webhook inbox),
 * the BILLING stream, the reactor that gives every newly registered account its plan, Stripe (or
 * the local Stripe-compatible server) when configured, and the gRPC server. Account plans and
 * subscriptions are read from the accounts' own streams.
 */
export function startBilling(
  config: BillingConfig,
  logger: Logger,
  options: StartOptions = {},
): Promise<Billing> {
  return startWithTeardown(logger, async (teardown) => {
    const pool = await openProjectionDatabase(teardown, config.databaseUrl, logger, {
      max: 5,
      migrationsDir: config.migrationsDir ?? MIGRATIONS_DIR,
      migrate: config.migrateOnStart,
    });

    const nc = await connectEventBus(config.natsUrl, 'billing');
    teardown.add(() => nc.drain());

    const namespace = config.eventNamespace || undefined;
    await ensureStream(nc, 'billing', namespace, { replicas: config.streamReplicas });
    const store = new EventStore(nc, { context: 'billing', namespace });
    const clock = options.clock ?? (() => Date.now());
    const reactorLogger = logger.child({ component: 'registration-reactor' });

    const run = projectionStarter(teardown, { nc, pool, namespace, logger });
    const runner = await run(registrationReactor({ store, clock, logger: reactorLogger }));

    const jsm = await nc.jetstreamManager();
    const identityStream = streamName('identity', namespace);
    const deps: BillingDeps = {
      store,
      clock,
      registrations: {
        runner,
        identityTail: async () => (await jsm.streams.info(identityStream)).state.last_seq,
      },
      logger: logger.child({ component: 'billing' }),
      usageQueue: new Lanes(),
      pool,
      payments: null,
    };
    if (config.stripe) {
      const stripe = createStripe(config.stripe);
      deps.payments = {
        stripe,
        config: config.stripe,
        publicAppUrl: config.publicAppUrl ?? 'http://localhost:3000',
        proPrice: proPriceResolver(stripe),
        lanes: new Lanes(),
      };
    }

    const Service = loadService('billing/v1/billing.proto', 'parley.billing.v1.Billing');
    const grpc = await serveGrpc(teardown, {
      port: config.grpcPort,
      callerTokens: config.callerTokenSecret ? callerTokenVerifier(config.callerTokenSecret) : undefined,
      services: [
        { definition: Service.service, implementation: billingService(deps, logger) },
        projectionsGrpcService(pool, namespace),
      ],
      isReady: () => !nc.isClosed(),
    });

    logger.info({ grpcPort: grpc.port, namespace }, 'billing started');
    return { grpcPort: grpc.port };
  });
}

/** The migrate entry (`main.js migrate`): the database created if missing and migrated, nothing started. */
export function migrateBilling(config: { databaseUrl: string }, logger: Logger): Promise<string[]> {
  return migrateProjectionDatabase(config.databaseUrl, logger, MIGRATIONS_DIR);
}
