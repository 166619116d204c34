import { createLogger } from '@parley/logger';
import {
  connectTestNats,
  createTestDatabase,
  deleteNamespaceStreams,
  randomNamespace,
  TEST_NATS_URL,
  type TestDatabase,
} from '@parley/testing';
import { ensureStream } from '@parley/eventstore';
import type { NatsConnection } from 'nats';
import type { AssistantConfig } from '../src/config';
import { startAssistant, type Assistant } from '../src/start';
import { knowledgeEvents } from './knowledge-events';
import { startTestConversations } from '../../conversations/test/test-conversations';
import { startBillingFor } from './with-billing';

/** The assistant in-process on a free port, its own database and event namespace. */
export async function startHarness(overrides: Partial<AssistantConfig> = {}) {
  const db: TestDatabase = await createTestDatabase();
  const nc: NatsConnection = await connectTestNats();
  const namespace = randomNamespace();
  // The writers' streams, as their services would have created them before the assistant starts.
  for (const context of ['domains', 'content', 'conversations']) await ensureStream(nc, context, namespace);
  // The real conversations service: the assistant answers through it.
  const conversations = await startTestConversations(namespace);
  const billing = await startBillingFor(nc, namespace);
  const assistant: Assistant = await startAssistant(
    {
      grpcPort: 0,
      httpPort: 0,
      databaseUrl: db.url,
      natsUrl: TEST_NATS_URL,
      eventNamespace: namespace,
      conversationsGrpcUrl: conversations.grpcUrl,
      billingGrpcUrl: billing.address,
      concurrency: 16,
      languageModel: null,
      logLevel: 'silent',
      ...overrides,
    },
    createLogger('assistant-test', 'silent'),
  );
  return {
    db,
    nc,
    namespace,
    assistant,
    conversations,
    billing,
    events: knowledgeEvents(nc, namespace),
    async stop() {
      await assistant.stop();
      await conversations.stop();
      await billing.stop();
      await deleteNamespaceStreams(nc, namespace).catch(() => undefined);
      await nc.close();
      await db.drop();
    },
  };
}

export type Harness = Awaited<ReturnType<typeof startHarness>>;
