// Content events already in the log with text PostgreSQL refuses (NUL, lone surrogates) are
// applied by the content read model (searchable too), and a domain named so is still known.
import { randomUUID } from 'node:crypto';
import type { Client } from '@grpc/grpc-js';
import { ContentEvent } from '@parley/contracts';
import { EventStore } from '@parley/eventstore';
import { callUnary, createClient, loadService } from '@parley/grpc';
import { createLogger } from '@parley/logger';
import {
  connectTestNats,
  createTestDatabase,
  deadLetters,
  deleteNamespaceStreams,
  domainsEvents,
  eventually,
  randomNamespace,
  storedFrom,
  TEST_NATS_URL,
  unstorable,
  type TestDatabase,
} from '@parley/testing';
import type { NatsConnection } from 'nats';
import { startContent, type Content } from '../src/start';

describe('content and text PostgreSQL refuses', () => {
  let db: TestDatabase;
  let nc: NatsConnection;
  let namespace: string;
  let service: Content;
  let client: Client;

  const call = <T = Record<string, unknown>>(method: string, request: object) =>
    callUnary<object, T>(client, method, request, { deadlineMs: 15_000 });

  beforeAll(async () => {
    db = await createTestDatabase();
    nc = await connectTestNats();
    namespace = randomNamespace();
    service = await startContent(
      {
        grpcPort: 0,
        databaseUrl: db.url,
        natsUrl: TEST_NATS_URL,
        eventNamespace: namespace,
        logLevel: 'silent',
      },
      createLogger('content-test', 'silent'),
    );
    client = createClient(
      loadService('content/v1/content.proto', 'parley.content.v1.Content'),
      `127.0.0.1:${service.grpcPort}`,
    );
  });
  afterAll(async () => {
    client?.close();
    await service?.stop();
    await deleteNamespaceStreams(nc, namespace).catch(() => undefined);
    await nc?.close();
    await db?.drop();
  });

  it('applies a product and a help article with NUL and lone surrogates in every text field, of a domain named so', async () => {
    const caller = { userId: 'owner', role: 'OWNER', accountId: `acct-${randomUUID()}` };
    const domainId = await domainsEvents(nc, namespace).added(
      caller.accountId,
      randomUUID(),
      unstorable('mugs.example.com'),
    );
    const content = new EventStore(nc, { context: 'content', namespace });
    const now = new Date().toISOString();
    const productId = randomUUID();
    const product = {
      name: unstorable('Ceramic mug'),
      price: 20,
      hasDiscount: false,
      discount: 0,
      discountedPrice: 20,
      productType: unstorable('Kitchen'),
      description: unstorable('A mug that keeps coffee warm'),
      images: [],
      variants: [
        {
          name: unstorable('Colour'),
          trackQuantity: false,
          options: [{ value: unstorable('Blue'), priceAdjustment: 0, quantity: 0 }],
        },
      ],
    };
    const articleId = randomUUID();
    const article = {
      title: unstorable('Shipping'),
      question: unstorable('How long does shipping take?'),
      answer: unstorable('Three to five days'),
      content: unstorable('More about shipping'),
      articleType: 'faq',
      category: unstorable('Delivery'),
      tags: [unstorable('shipping')],
      isPublished: true,
      isPinned: false,
    };
    const created = (kind: 'product' | 'article', id: string, body: object) =>
      content.append(
        content.subject(kind, id),
        [
          {
            type: ContentEvent[kind].created,
            data: { accountId: caller.accountId, domainId, body, createdBy: caller.userId, createdAt: now },
          },
        ],
        { expectedVersion: 0, commandId: randomUUID() },
      );
    // Only once the domain is known are its items kept.
    await eventually(async () =>
      expect(
        (await db.pool.query('SELECT domain FROM account_domains WHERE domain_id = $1', [domainId])).rowCount,
      ).toBe(1),
    );
    await created('product', productId, product);
    await created('article', articleId, article);

    const item = await eventually(() =>
      call<{ bodyJson: string }>('getItem', { caller, kind: 'product', id: productId }),
    );
    expect(JSON.parse(item.bodyJson)).toMatchObject({
      name: storedFrom('Ceramic mug'),
      productType: storedFrom('Kitchen'),
      description: storedFrom('A mug that keeps coffee warm'),
      variants: [{ name: storedFrom('Colour'), options: [{ value: storedFrom('Blue') }] }],
    });
    const helpArticle = await eventually(() =>
      call<{ bodyJson: string }>('getItem', { caller, kind: 'article', id: articleId }),
    );
    expect(JSON.parse(helpArticle.bodyJson)).toMatchObject({
      title: storedFrom('Shipping'),
      answer: storedFrom('Three to five days'),
      tags: [storedFrom('shipping')],
    });
    const { hits } = await call<{ hits: { id: string }[] }>('search', {
      caller,
      domainId,
      query: 'shipping',
    });
    expect(hits.map((h) => h.id)).toContain(articleId);
    expect(await deadLetters(db.pool)).toEqual([]);
  });
});
