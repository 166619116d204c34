import { randomUUID } from 'node:crypto';
import type { Client } from '@grpc/grpc-js';
import { startTestDomains, type TestDomains } from '@parley/domains/test/test-domains';
import { callUnary, createClient, loadService } from '@parley/grpc';
import { createLogger } from '@parley/logger';
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
import { conversationsClient, refusal } from '../test/conversations-client';
import { loadConfig } from './config';
import { startConversations, type Conversations } from './start';

const logger = createLogger('conversations-test', 'silent');

/** Conversations beside the real domains service: the domains it adds and deletes are the ones visitors reach. */
describe('conversations with the real domains service', () => {
  let conversationsDb: TestDatabase;
  let nc: NatsConnection;
  let namespace: string;
  let conversations: Conversations;
  let domains: TestDomains;
  let domainsClient: Client;
  let client: ReturnType<typeof conversationsClient>;
  const userId = randomUUID();
  const owner = { userId, role: 'OWNER', accountId: userId };

  beforeAll(async () => {
    conversationsDb = await createTestDatabase();
    nc = await connectTestNats();
    namespace = randomNamespace();
    domains = await startTestDomains(namespace);
    conversations = await startConversations(
      {
        ...loadConfig({
          DATABASE_URL: conversationsDb.url,
          EVENT_NAMESPACE: namespace,
          NATS_URL: TEST_NATS_URL,
        }),
        grpcPort: 0,
        logLevel: 'silent',
      },
      logger,
    );
    domainsClient = createClient(
      loadService('domains/v1/domains.proto', 'parley.domains.v1.Domains'),
      domains.grpcUrl,
    );
    client = conversationsClient(conversations.grpcPort);
  }, 60_000);

  afterAll(async () => {
    domainsClient?.close();
    client?.close();
    await conversations?.stop();
    await domains?.stop();
    await deleteNamespaceStreams(nc, namespace).catch(() => undefined);
    await nc?.close();
    await conversationsDb?.drop();
  });

  const domainsCall = <T>(method: string, request: object) =>
    callUnary<object, T>(domainsClient, method, { caller: owner, ...request }, { deadlineMs: 15_000 });

  it('opens sessions on a domain the owner added, shows its hostname, and ends them when it is deleted', async () => {
    const hostname = `linen-${namespace}.example.com`;
    const added = await domainsCall<{ domain: { id: string } }>('addDomain', { domain: hostname });
    const domainId = added.domain.id;

    const session = await eventually(() => client.call('OpenVisitorSession', { domainId, visitorKey: '' }));
    expect(session).toMatchObject({ domainId, accountId: owner.accountId });
    const visitor = { customerId: session.customerId, domainId, keyId: session.keyId };
    const posted = await client.call('PostVisitorMessage', { visitor, content: 'Hello', clientId: '' });
    expect(posted.room.domain).toBe(hostname);
    await eventually(async () => {
      const { rooms } = await client.call('ListRooms', { caller: owner, filter: 'all' });
      expect(rooms).toMatchObject([{ id: posted.room.id, domain: hostname }]);
    });

    await domainsCall('deleteDomain', { domainId });
    await eventually(async () => {
      const e = await refusal(
        client.call('OpenVisitorSession', { domainId, visitorKey: session.visitorKey }),
      );
      expect(e).toMatchObject({ kind: 'not_found', code: 'DOMAIN_NOT_FOUND' });
      expect((await client.call('ListRooms', { caller: owner, filter: 'all' })).rooms).toEqual([]);
    });
  });
});
