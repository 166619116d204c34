import { createLogger } from '@parley/logger';
import {
  connectTestNats,
  createTestDatabase,
  deleteNamespaceStreams,
  domainsEvents,
  eventually,
  randomNamespace,
  TEST_NATS_URL,
  type TestDatabase,
} from '@parley/testing';
import type { NatsConnection } from 'nats';
import { startConversations, type Conversations, type StartOptions } from '../src/start';
import { conversationsClient } from './conversations-client';

/** The service in-process on a free port, its own database and event namespace. */
export async function startHarness(options: StartOptions = {}) {
  const db: TestDatabase = await createTestDatabase();
  const nc: NatsConnection = await connectTestNats();
  const namespace = randomNamespace();
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
    options,
  );
  const client = conversationsClient(service.grpcPort);
  return {
    db,
    nc,
    namespace,
    call: client.call,
    domains: domainsEvents(nc, namespace),
    /** A new visitor of `domainId`, once the domain has reached the service's read model. */
    async newVisitor(domainId: string) {
      const session = await eventually(() => client.call('OpenVisitorSession', { domainId, visitorKey: '' }));
      const visitor = { customerId: session.customerId as string, domainId, keyId: session.keyId as string };
      return { session, visitor };
    },
    async stop() {
      client.close();
      await service.stop();
      await deleteNamespaceStreams(nc, namespace).catch(() => undefined);
      await nc.close();
      await db.drop();
    },
  };
}

export type Harness = Awaited<ReturnType<typeof startHarness>>;
