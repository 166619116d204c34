import { randomUUID } from 'node:crypto';
import {
  startNamespaceWithDomains,
  type NamespaceWithDomains,
} from '@parley/domains/test/namespace-with-domains';
import { eventually } from '@parley/testing';
import { refusal } from '../test/conversations-client';
import { startTestConversations, type TestConversations } from '../test/test-conversations';

/** Conversations beside the real domains service: the domains it adds and deletes are the ones visitors reach. */
describe('conversations with the real domains service', () => {
  let withDomains: NamespaceWithDomains;
  let namespace: string;
  // The service under test; its tests call it through `client.call`.
  let client: TestConversations;
  const userId = randomUUID();
  const owner = { userId, role: 'OWNER', accountId: userId };

  beforeAll(async () => {
    withDomains = await startNamespaceWithDomains();
    namespace = withDomains.namespace;
    client = await startTestConversations(namespace);
  }, 60_000);

  afterAll(async () => {
    await client?.stop();
    await withDomains?.stop();
  });

  const domainsCall = <T>(method: string, request: object) => withDomains.call<T>(method, request, owner);

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
