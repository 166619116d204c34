import { join } from 'node:path';
import { connectEventBus } from '@parley/eventstore';
import { serveGrpc } from '@parley/grpc';
import type { Logger } from '@parley/logger';
import { startWithTeardown } from '@parley/program';
import { openProjectionDatabase, projectionsGrpcService, projectionStarter } from '@parley/projections';
import type { AssistantConfig } from './config';
import { contentKnowledgeProjection } from './knowledge/content-projection';
import { domainsKnowledgeProjection } from './knowledge/domains-projection';
import { payoutsKnowledgeProjection } from './knowledge/payouts-projection';
import { KnowledgeStore } from './knowledge/store';
import { createLanguageModelEngine } from './llm';
import { conversationsActions } from './reactor/conversations-client';
import { billingUsage } from './reactor/billing-usage';
import { startLaneConsumer } from './reactor/lane-consumer';
import { assistantReactor, REACTOR_NAME } from './reactor/reactor';
import { natsBotSignals } from './reactor/signals';
import { createRetrievalEngine } from './retrieval';

/** Beside src/ and beside dist/ alike, so the bundled program finds them too. */
const MIGRATIONS_DIR = join(__dirname, '..', 'migrations');

export interface Assistant {
  grpcPort: number;
  /** The knowledge read model, as the reactor loads it. */
  knowledge: KnowledgeStore;
  stop(): Promise<void>;
}

/**
 * Wires the assistant: its database (created and migrated), its knowledge read model from the
 * DOMAINS and CONTENT streams (and BILLING's payout accounts), the reactor on the CONVERSATIONS stream that answers visitors, and
 * a gRPC server for health.
 */
export function startAssistant(config: AssistantConfig, logger: Logger): Promise<Assistant> {
  return startWithTeardown(logger, async (teardown) => {
    const pool = await openProjectionDatabase(teardown, config.databaseUrl, logger, {
      max: 10,
      migrationsDir: MIGRATIONS_DIR,
    });

    const nc = await connectEventBus(config.natsUrl, 'assistant');
    teardown.add(() => nc.drain());

    const namespace = config.eventNamespace || undefined;
    const run = projectionStarter(teardown, { nc, pool, namespace, logger });
    await run(domainsKnowledgeProjection);
    await run(contentKnowledgeProjection);
    await run(payoutsKnowledgeProjection);
    const knowledge = new KnowledgeStore(pool);

    const retrieval = createRetrievalEngine();
    const engine = createLanguageModelEngine(config.languageModel, retrieval, logger) ?? retrieval;
    const conversations = conversationsActions(config.conversationsGrpcUrl);
    teardown.add(() => conversations.close());
    const usage = billingUsage(config.billingGrpcUrl);
    teardown.add(() => usage.close());
    // Last: it acts on what the knowledge projections have built.
    const reactor = await startLaneConsumer({
      nc,
      pool,
      namespace,
      logger,
      name: REACTOR_NAME,
      context: 'conversations',
      concurrency: config.concurrency,
      handler: assistantReactor(pool, {
        knowledge,
        engine,
        conversations,
        signals: natsBotSignals(nc, namespace),
        usage,
        logger: logger.child({ component: 'reactor' }),
      }),
    });
    teardown.add(() => reactor.stop());

    const grpc = await serveGrpc(teardown, {
      port: config.grpcPort,
      services: [projectionsGrpcService(pool, config.eventNamespace || undefined)],
      isReady: () => !nc.isClosed(),
    });

    logger.info({ grpcPort: grpc.port, namespace: config.eventNamespace }, 'assistant started');
    return { grpcPort: grpc.port, knowledge };
  });
}
