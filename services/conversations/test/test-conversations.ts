import { createLogger } from '@parley/logger';
import { createTestDatabase, TEST_NATS_URL, type TestDatabase } from '@parley/testing';
import { loadConfig } from '../src/config';
import { startConversations, type Conversations, type StartOptions } from '../src/start';
import { conversationsClient } from './conversations-client';

const logLevel = process.env.TEST_LOG_LEVEL ?? 'silent';

/** The real conversations service on a test namespace (it hears that namespace's domains), with its own database. */
export interface TestConversations {
  service: Conversations;
  grpcUrl: string;
  db: TestDatabase;
  /** Its gRPC API as the gateway and the assistant call it. */
  call: ReturnType<typeof conversationsClient>['call'];
  /** Resolves once conversations' read model has the domain (widget sessions need it). */
  knowsDomain(domainId: string): Promise<void>;
  stop(): Promise<void>;
}

export async function startTestConversations(
  namespace: string,
  options: StartOptions = {},
): Promise<TestConversations> {
  const db = await createTestDatabase();
  const config = {
    ...loadConfig({
      DATABASE_URL: db.url,
      NATS_URL: TEST_NATS_URL,
      EVENT_NAMESPACE: namespace,
      LOG_LEVEL: logLevel,
    }),
    grpcPort: 0,
  };
  const service = await startConversations(config, createLogger('conversations', config.logLevel), options);
  const client = conversationsClient(service.grpcPort);
  return {
    service,
    grpcUrl: `127.0.0.1:${service.grpcPort}`,
    db,
    call: client.call,
    knowsDomain: async (domainId) => {
      const deadline = Date.now() + 20_000;
      for (;;) {
        const { rowCount } = await db.pool.query('SELECT 1 FROM domains WHERE domain_id = $1', [domainId]);
        if (rowCount) return;
        if (Date.now() > deadline)
          throw new Error(`conversations did not hear that domain ${domainId} was added`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    stop: async () => {
      client.close();
      await service.stop();
      await db.drop();
    },
  };
}
