import { randomUUID } from 'node:crypto';
import type { Client } from '@grpc/grpc-js';
import {
  startNamespaceWithDomains,
  type NamespaceWithDomains,
} from '@parley/domains/test/namespace-with-domains';
import { AppError } from '@parley/contracts';
import { callUnary, createClient, loadService } from '@parley/grpc';
import { createLogger } from '@parley/logger';
import { createTestDatabase, eventually, TEST_NATS_URL, type TestDatabase } from '@parley/testing';
import { startContent, type Content } from './start';

const logger = createLogger('content-test', 'silent');

/** Content beside the real domains service: the domains it creates and deletes are the ones content hears of. */
describe('content with the real domains service', () => {
  let withDomains: NamespaceWithDomains;
  let contentDb: TestDatabase;
  let namespace: string;
  let content: Content;
  let contentClient: Client;
  const userId = randomUUID();
  // An owner is their own account.
  const owner = { userId, role: 'OWNER', accountId: userId };

  beforeAll(async () => {
    withDomains = await startNamespaceWithDomains();
    namespace = withDomains.namespace;
    contentDb = await createTestDatabase();
    content = await startContent(
      {
        grpcPort: 0,
        databaseUrl: contentDb.url,
        natsUrl: TEST_NATS_URL,
        eventNamespace: namespace,
        logLevel: 'silent',
      },
      logger,
    );
    contentClient = createClient(
      loadService('content/v1/content.proto', 'parley.content.v1.Content'),
      `127.0.0.1:${content.grpcPort}`,
    );
  }, 60_000);

  afterAll(async () => {
    contentClient?.close();
    await content?.stop();
    await contentDb?.drop();
    await withDomains?.stop();
  });

  const domainsCall = <T>(method: string, request: object) => withDomains.call<T>(method, request, owner);
  const contentCall = <T>(method: string, request: object) =>
    callUnary<object, T>(contentClient, method, request, { deadlineMs: 15_000 });
  const createProduct = (domainId: string) =>
    contentCall<{ id: string }>('createItem', {
      caller: owner,
      kind: 'product',
      inputJson: JSON.stringify({
        domainId,
        name: 'Linen apron',
        price: 30,
        productType: 'Textiles',
        description: 'Stonewashed linen',
      }),
    });

  it('accepts content for a domain the owner added, and drops it when the domain is deleted', async () => {
    const added = await domainsCall<{ domain: { id: string } }>('addDomain', {
      domain: `linen-${namespace}.example.com`,
    });
    const domainId = added.domain.id;
    expect(domainId).toMatch(/^[0-9a-f-]{36}$/);

    const product = await eventually(() => createProduct(domainId));
    await contentCall('getItem', { caller: owner, kind: 'product', id: product.id });

    await domainsCall('deleteDomain', { domainId });
    await eventually(async () => {
      const e = await contentCall('getItem', { caller: owner, kind: 'product', id: product.id }).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(e).toBeInstanceOf(AppError);
      expect((e as AppError).kind).toBe('not_found');
    });
    await expect(createProduct(domainId)).rejects.toMatchObject({ kind: 'not_found' });
  });
});
