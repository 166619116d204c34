import { createLogger } from '@parley/logger';
import { startConversations, type Conversations } from '../../conversations/src/start';
import { conversationsClient } from '../../conversations/test/conversations-client';
import type { TestDatabase } from '@parley/testing';
import { createTestDatabase } from '@parley/testing';
import { TEST_NATS_URL } from '@parley/testing';

/** The real conversations service in-process, in the test's namespace, on a free port. */
export async function startConversationsFor(namespace: string) {
  const db: TestDatabase = await createTestDatabase();
  const service: Conversations = await startConversations(
    {
      grpcPort: 0,
      databaseUrl: db.url,
      natsUrl: TEST_NATS_URL,
      eventNamespace: namespace,
      eventCacheSize: 1000,
      logLevel: 'silent',
    },
    createLogger('conversations-test', 'silent'),
  );
  const client = conversationsClient(service.grpcPort);
  return {
    address: `127.0.0.1:${service.grpcPort}`,
    call: client.call,
    async stop() {
      client.close();
      await service.stop();
      await db.drop();
    },
  };
}
