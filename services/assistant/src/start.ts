import { join } from 'node:path';
import { connectEventBus } from '@parley/eventstore';
import { callerTokenSigner, callerTokenVerifier, serveGrpc } from '@parley/grpc';
import type { Logger } from '@parley/logger';
import { startWithTeardown } from '@parley/program';
import {
  migrateProjectionDatabase,
  openProjectionDatabase,
  projectionMetrics,
  projectionsGrpcService,
  projectionStarter,
} from '@parley/projections';
import type { AssistantConfig } from './config';
import { contentKnowledgeProjection } from './knowledge/content-projection';
import { domainsKnowledgeProjection } from './knowledge/domains-projection';
import { payoutsKnowledgeProjection } from './knowledge/payouts-projection';
import { KnowledgeStore } from './knowledge/store';
import { startHealthServer } from './http/health-server';
import { createLanguageModelEngine, describeEndpoint, type LanguageModelEngine } from './llm';
import { conversationsActions } from './reactor/conversations-client';
import { billingUsage } from './reactor/billing-usage';
import { startLaneConsumer } from './reactor/lane-consumer';
import { assistantReactor, REACTOR_NAME } from './reactor/reactor';
import { watchLiveSwitches } from './reactor/live-watch';
import { natsBotSignals } from './reactor/signals';
import { TurnInterrupts } from './reactor/turn-interrupts';
import { createEmbeddings, type EmbeddingSimilarity } from './embeddings';
import { createRetrievalEngine, defaultSemantics } from './retrieval';

/** Beside src/ and beside dist/ alike, so the bundled program finds them too. */
const MIGRATIONS_DIR = join(__dirname, '..', 'migrations');

export interface Assistant {
  grpcPort: number;
  /** /healthz and /readyz. */
  httpPort: number;
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
      migrate: config.migrateOnStart,
    });

    const nc = await connectEventBus(config.natsUrl, 'assistant');
    teardown.add(() => nc.drain());

    const namespace = config.eventNamespace || undefined;
    const run = projectionStarter(teardown, { nc, pool, namespace, logger });
    await run(domainsKnowledgeProjection);
    await run(contentKnowledgeProjection);
    await run(payoutsKnowledgeProjection);
    const knowledge = new KnowledgeStore(pool);

    const embeddings = createEmbeddings(config.embeddings ?? null, logger.child({ component: 'embeddings' }));
    const retrieval = createRetrievalEngine(defaultSemantics(), embeddings);
    const model = createLanguageModelEngine(config.languageModel, retrieval, logger);
    const engine = model ?? retrieval;
    logger.info(engineSummary(config, model), 'answer engine');
    // Ahead of the reactor: a room's live switch must reach the turn it stops, which holds the lane.
    const interrupts = new TurnInterrupts();
    const liveWatch = watchLiveSwitches({
      nc,
      namespace,
      logger,
      onChange: (roomId, live) => {
        const stopped = interrupts.liveChanged(roomId, live);
        if (stopped > 0) logger.info({ roomId }, 'room went live: its answer in progress is stopped');
      },
    });
    teardown.add(() => liveWatch.stop());
    // It calls conversations and billing as itself: their servers check its caller token.
    const callerToken = config.callerTokenSecret
      ? callerTokenSigner(config.callerTokenSecret, 'assistant')
      : undefined;
    const conversations = conversationsActions(config.conversationsGrpcUrl, undefined, callerToken);
    teardown.add(() => conversations.close());
    const usage = billingUsage(config.billingGrpcUrl, undefined, callerToken);
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
        interrupts,
        logger: logger.child({ component: 'reactor' }),
      }),
    });
    teardown.add(() => reactor.stop());
    // Its lag, pending messages and dead letters, as each projection's.
    teardown.add(
      projectionMetrics({ nc, pool, namespace }).add({
        name: REACTOR_NAME,
        context: 'conversations',
        position: () => reactor.position(),
      }),
    );

    const grpc = await serveGrpc(teardown, {
      port: config.grpcPort,
      callerTokens: config.callerTokenSecret ? callerTokenVerifier(config.callerTokenSecret) : undefined,
      services: [projectionsGrpcService(pool, config.eventNamespace || undefined)],
      isReady: () => !nc.isClosed(),
    });

    const http = await startHealthServer({
      port: config.httpPort,
      isReady: () => !nc.isClosed(),
      details: () => readiness(config, model, embeddings),
    });
    teardown.add(() => http.close());

    logger.info(
      { grpcPort: grpc.port, httpPort: http.port, namespace: config.eventNamespace },
      'assistant started',
    );
    return { grpcPort: grpc.port, httpPort: http.port, knowledge };
  });
}

/** The embeddings' model and endpoint without secrets, or that they are off. */
function embeddingsSummary(config: AssistantConfig): Record<string, unknown> | string {
  const e = config.embeddings;
  if (!e) return 'off (EMBEDDINGS_URL unset)';
  return { model: e.model, url: describeEndpoint(e.url), timeoutMs: e.timeoutMs, weight: e.weight };
}

/** Which engine answers, for the start-up log: the model and its endpoint without secrets. */
function engineSummary(config: AssistantConfig, model: LanguageModelEngine | null) {
  const lm = config.languageModel;
  const embeddings = embeddingsSummary(config);
  if (!model || !lm)
    return { engine: 'retrieval', languageModel: 'off (ASSISTANT_LLM_BASE_URL unset)', embeddings };
  return {
    engine: 'language-model',
    model: lm.model,
    baseUrl: describeEndpoint(lm.baseUrl),
    timeoutMs: lm.timeoutMs,
    apiKey: lm.apiKey ? 'set' : 'none',
    embeddings,
  };
}

/** /readyz's details: the engine, and whether the model and embeddings endpoints answered their last call. */
function readiness(
  config: AssistantConfig,
  model: LanguageModelEngine | null,
  embeddings: EmbeddingSimilarity | null,
): Record<string, unknown> {
  const lm = config.languageModel;
  // null: no call yet since start-up.
  const semantic = embeddings
    ? { embeddings: { ...(embeddingsSummary(config) as object), lastCall: embeddings.last } }
    : {};
  if (!model || !lm) return { engine: 'retrieval', ...semantic };
  return {
    engine: 'language-model',
    languageModel: {
      model: lm.model,
      baseUrl: describeEndpoint(lm.baseUrl),
      lastCall: model.lastCall(),
    },
    ...semantic,
  };
}

/** The migrate entry (`main.js migrate`): the database created if missing and migrated, nothing started. */
export function migrateAssistant(config: { databaseUrl: string }, logger: Logger): Promise<string[]> {
  return migrateProjectionDatabase(config.databaseUrl, logger, MIGRATIONS_DIR);
}
