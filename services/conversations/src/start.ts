import { join } from 'node:path';
import { EventStore, connectEventBus, ensureStream, streamName } from '@parley/eventstore';
import { callerTokenVerifier, loadService, serveGrpc } from '@parley/grpc';
import type { Logger } from '@parley/logger';
import { startWithTeardown } from '@parley/program';
import {
  migrateProjectionDatabase,
  openProjectionDatabase,
  projectionsGrpcService,
  projectionStarter,
} from '@parley/projections';
import type { ConversationsDeps } from './app/deps';
import type { ConversationsConfig } from './config';
import { conversationsService } from './grpc/conversations-service';
import { watchStates } from './app/watched-states';
import { DomainCache } from './projections/domain-cache';
import { funnelOrdersProjection, funnelProjection } from './projections/funnel/projection';
import { domainsProjection } from './projections/domains';
import { memberRemovedReactor } from './projections/member-removed';
import { orderNotesReactor } from './projections/order-notes';
import { readModelProjection } from './projections/read-model';
import { readModelBarrier } from './projections/read-model-barrier';

/** The durable consumer the read model and the funnel share. */
const READ_MODEL_AND_FUNNEL = 'conversations-read-and-funnel-v1';

/** Beside src/ and beside dist/ alike, so the bundled program finds them too. */
const MIGRATIONS_DIR = join(__dirname, '..', 'migrations');

export interface Conversations {
  grpcPort: number;
  stop(): Promise<void>;
}

export interface StartOptions {
  /** Epoch milliseconds; tests move it (booking dates). */
  clock?: () => number;
}

/**
 * Wires the service: its database (created and migrated), the domains it hears of from the
 * domains service, the CONVERSATIONS stream and its read models, the reactor that unshares a
 * removed member's rooms, and the gRPC server.
 */
export function startConversations(
  config: ConversationsConfig,
  logger: Logger,
  options: StartOptions = {},
): Promise<Conversations> {
  return startWithTeardown(logger, async (teardown) => {
    const pool = await openProjectionDatabase(teardown, config.databaseUrl, logger, {
      max: 10,
      migrationsDir: MIGRATIONS_DIR,
      migrate: config.migrateOnStart,
    });

    const nc = await connectEventBus(config.natsUrl, 'conversations');
    teardown.add(() => nc.drain());

    const namespace = config.eventNamespace || undefined;
    await ensureStream(nc, 'conversations', namespace, { replicas: config.streamReplicas });
    const run = projectionStarter(teardown, {
      nc,
      pool,
      namespace,
      logger,
      groupLingerMs: config.projectionGroupLingerMs,
    });
    const store = new EventStore(nc, {
      context: 'conversations',
      namespace,
      cacheSize: config.eventCacheSize,
    });
    const watched = watchStates(nc, store, {
      context: 'conversations',
      namespace,
      maxEntries: config.eventCacheSize,
    });
    teardown.add(() => watched.stop());
    const readModel = readModelBarrier(nc, streamName('conversations', namespace), logger);
    const deps: ConversationsDeps = {
      store,
      watched,
      pool,
      readModel,
      domains: new DomainCache(pool),
      logger: logger.child({ component: 'conversations' }),
      clock: options.clock ?? Date.now,
    };
    // Domains first: the conversations read model keeps rows only of domains it knows.
    await run(domainsProjection(deps.domains));
    // The read model and the funnel read the same subjects: one consumer delivers each event to
    // both (issue 18: a delivery, decode and ack per event fewer; runs AJ).
    const [readModelRunner] = await run.shared(READ_MODEL_AND_FUNNEL, [
      readModelProjection,
      funnelProjection,
    ]);
    readModel.attach(readModelRunner!);
    await run(memberRemovedReactor(deps));
    // billing's paid orders: a note in the visitor's conversation (issue 12).
    await ensureStream(nc, 'billing', namespace);
    await run(orderNotesReactor(deps));
    // Issue 17: the dashboard's funnel, daily buckets per domain from both streams (its
    // conversations half runs with the read model above).
    await run(funnelOrdersProjection);

    const Service = loadService(
      'conversations/v1/conversations.proto',
      'parley.conversations.v1.Conversations',
    );
    const grpc = await serveGrpc(teardown, {
      port: config.grpcPort,
      callerTokens: config.callerTokenSecret ? callerTokenVerifier(config.callerTokenSecret) : undefined,
      services: [
        { definition: Service.service, implementation: conversationsService(deps, logger) },
        projectionsGrpcService(pool, namespace),
      ],
      isReady: () => !nc.isClosed(),
    });

    logger.info({ grpcPort: grpc.port, namespace }, 'conversations started');
    return { grpcPort: grpc.port };
  });
}

/** The migrate entry (`main.js migrate`): the database created if missing and migrated, nothing started. */
export function migrateConversations(config: { databaseUrl: string }, logger: Logger): Promise<string[]> {
  return migrateProjectionDatabase(config.databaseUrl, logger, MIGRATIONS_DIR);
}
