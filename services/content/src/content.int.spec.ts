import { randomUUID } from 'node:crypto';
import { IMAGE_MESSAGES, DOMAIN_MESSAGES as M } from '@parley/contracts/validation';
import { AppError } from '@parley/contracts';
import { callUnary, createClient, loadService } from '@parley/grpc';
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
import type { Client } from '@grpc/grpc-js';
import type { NatsConnection } from 'nats';
import { bigJpeg, jpegOf, pngOf } from '../test/images';
import { startContent, type Content } from './start';

const logger = createLogger('content-test', 'silent');

describe('content service', () => {
  let db: TestDatabase;
  let nc: NatsConnection;
  let namespace: string;
  let service: Content;
  let client: Client;
  let domains: ReturnType<typeof domainsEvents>;

  const A = { userId: 'user-a', role: 'OWNER', accountId: `acct-a-${randomUUID()}` };
  const B = { userId: 'user-b', role: 'OWNER', accountId: `acct-b-${randomUUID()}` };
  let domainA: string;
  let domainB: string;

  const call = <T = Record<string, unknown>>(method: string, request: object) =>
    callUnary<object, T>(client, method, request, { deadlineMs: 15_000 });
  const refusal = async (p: Promise<unknown>): Promise<AppError> => {
    try {
      await p;
    } catch (e) {
      if (e instanceof AppError) return e;
      throw e;
    }
    throw new Error('expected the call to be refused');
  };
  const knownDomain = (domainId: string) =>
    eventually(async () => {
      const { rowCount } = await db.pool.query('SELECT 1 FROM account_domains WHERE domain_id = $1', [
        domainId,
      ]);
      expect(rowCount).toBe(1);
    });
  const imageCount = async () => Number((await db.pool.query('SELECT count(*) FROM images')).rows[0].count);

  const product = (domainId: string, over: Record<string, unknown> = {}) => ({
    domainId,
    name: 'Ceramic mug',
    price: 20,
    hasDiscount: true,
    discount: 25,
    productType: 'Kitchen',
    description: 'A hand-thrown mug that keeps coffee warm',
    variants: [
      { name: 'Colour', trackQuantity: true, options: [{ value: 'Blue', priceAdjustment: 2, quantity: 3 }] },
    ],
    ...over,
  });
  const article = (domainId: string, over: Record<string, unknown> = {}) => ({
    domainId,
    title: 'Shipping times',
    question: 'How long does shipping take?',
    answer: 'Three to five working days',
    ...over,
  });
  const appointment = (domainId: string, over: Record<string, unknown> = {}) => ({
    domainId,
    name: 'Fitting',
    price: 35,
    appointmentType: 'In store',
    ...over,
  });
  const create = (caller: object, kind: string, input: object) =>
    call<{ id: string; bodyJson: string; domainId: string }>('createItem', {
      caller,
      kind,
      inputJson: JSON.stringify(input),
    });

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
      logger,
    );
    client = createClient(
      loadService('content/v1/content.proto', 'parley.content.v1.Content'),
      `127.0.0.1:${service.grpcPort}`,
    );
    domains = domainsEvents(nc, namespace);
    domainA = await domains.added(A.accountId);
    domainB = await domains.added(B.accountId);
    await knownDomain(domainA);
    await knownDomain(domainB);
  }, 60_000);

  afterAll(async () => {
    client?.close();
    await service?.stop();
    await deleteNamespaceStreams(nc, namespace).catch(() => undefined);
    await nc?.close();
    await db?.drop();
  });

  it('creates, reads, lists, updates and deletes a product, deriving the discounted price', async () => {
    const created = await create(A, 'product', { ...product(domainA), discountedPrice: 1 });
    expect(created.domainId).toBe(domainA);
    const body = JSON.parse(created.bodyJson);
    expect(body).toMatchObject({
      name: 'Ceramic mug',
      price: 20,
      discount: 25,
      discountedPrice: 15,
      images: [],
    });
    expect(body.domainId).toBeUndefined();

    const read = await call<{ bodyJson: string }>('getItem', { caller: A, kind: 'product', id: created.id });
    expect(JSON.parse(read.bodyJson).discountedPrice).toBe(15);

    const updated = await call<{ bodyJson: string }>('updateItem', {
      caller: A,
      kind: 'product',
      id: created.id,
      inputJson: JSON.stringify(product(domainA, { price: 40, hasDiscount: false })),
    });
    expect(JSON.parse(updated.bodyJson)).toMatchObject({ price: 40, discountedPrice: 40 });

    const listed = await call<{ items: Array<{ id: string }> }>('listItems', {
      caller: A,
      kind: 'product',
      domainId: domainA,
    });
    expect(listed.items.map((i) => i.id)).toContain(created.id);

    await call('deleteItem', { caller: A, kind: 'product', id: created.id });
    expect((await refusal(call('getItem', { caller: A, kind: 'product', id: created.id }))).kind).toBe(
      'not_found',
    );
  });

  it.each([
    ['product', { name: '' }, M.productName],
    ['product', { price: '' }, M.price],
    ['product', { productType: '  ' }, M.productType],
    ['product', { description: '' }, M.description],
    ['article', { title: '' }, M.articleTitle],
    ['article', { question: '' }, M.articleQuestion],
    ['article', { answer: '' }, M.articleAnswer],
    ['appointment', { name: '' }, M.appointmentName],
    ['appointment', { price: undefined }, M.price],
    ['appointment', { appointmentType: '' }, M.appointmentType],
  ])('refuses a %s with %j: %s', async (kind, over, message) => {
    const base = { product, article, appointment }[kind as 'product']!(domainA);
    const e = await refusal(create(A, kind, { ...base, ...over }));
    expect(e.kind).toBe('validation');
    expect(e.message).toBe(message);
  });

  it('keeps help article defaults and appointment types with an image of the account', async () => {
    const a = await create(A, 'article', article(domainA));
    expect(JSON.parse(a.bodyJson)).toMatchObject({
      tags: [],
      isPublished: true,
      isPinned: false,
      articleType: 'faq',
    });

    const image = await call<{ id: string }>('uploadImage', {
      caller: A,
      data: await pngOf(3, 3),
      filename: 'fit.png',
      domainId: '',
    });
    const t = await create(A, 'appointment', appointment(domainA, { image: image.id }));
    expect(JSON.parse(t.bodyJson)).toMatchObject({ name: 'Fitting', price: 35, image: image.id });

    const imageOfB = await call<{ id: string }>('uploadImage', {
      caller: B,
      data: await pngOf(3, 3),
      filename: 'b.png',
      domainId: '',
    });
    const e = await refusal(create(A, 'appointment', appointment(domainA, { image: imageOfB.id })));
    expect([e.kind, e.message, e.fields]).toEqual([
      'validation',
      'Image not found',
      [{ field: 'image', message: 'Image not found' }],
    ]);
    const p = await refusal(create(A, 'product', product(domainA, { images: [image.id, randomUUID()] })));
    expect(p.message).toBe('Image not found');
  });

  it('refuses a NUL or an unpaired surrogate with INVALID_ARGUMENT (INVALID_TEXT), whoever calls it, storing nothing', async () => {
    const before = Number((await db.pool.query('SELECT count(*) FROM content_items')).rows[0].count);
    // In the item's JSON text (decoded by the service), and in a plain field of the request (an
    // unpaired surrogate cannot reach a plain field: protobuf's UTF-8 turns it into U+FFFD).
    const inBody = await refusal(create(A, 'product', product(domainA, { name: 'Mug\u0000' })));
    expect(inBody).toMatchObject({ kind: 'validation', code: 'INVALID_TEXT', fields: [{ field: 'name' }] });
    const inField = await refusal(call('search', { caller: A, domainId: domainA, query: 'mug\u0000' }));
    expect(inField).toMatchObject({ kind: 'validation', code: 'INVALID_TEXT', fields: [{ field: 'query' }] });
    const upload = await refusal(
      call('uploadImage', { caller: A, data: await pngOf(2, 2), filename: 'a\u0000.png', domainId: '' }),
    );
    expect(upload).toMatchObject({ code: 'INVALID_TEXT', fields: [{ field: 'filename' }] });
    expect(Number((await db.pool.query('SELECT count(*) FROM content_items')).rows[0].count)).toBe(before);
  });

  it('answers 404 for a domain the account does not have, or does not have yet', async () => {
    expect((await refusal(create(A, 'product', product(domainB)))).kind).toBe('not_found');
    expect((await refusal(create(A, 'article', article(randomUUID())))).kind).toBe('not_found');
    expect((await refusal(call('listItems', { caller: A, kind: 'product', domainId: domainB }))).kind).toBe(
      'not_found',
    );
    expect((await refusal(call('search', { caller: A, domainId: domainB, query: 'mug' }))).kind).toBe(
      'not_found',
    );
  });

  it("never shows or changes another account's items or image metadata", async () => {
    const items = {
      product: await create(B, 'product', product(domainB)),
      article: await create(B, 'article', article(domainB)),
      appointment: await create(B, 'appointment', appointment(domainB)),
    };
    for (const [kind, item] of Object.entries(items)) {
      const input = { product, article, appointment }[kind as 'product']!(domainB);
      for (const attempt of [
        call('getItem', { caller: A, kind, id: item.id }),
        call('updateItem', { caller: A, kind, id: item.id, inputJson: JSON.stringify(input) }),
        call('deleteItem', { caller: A, kind, id: item.id }),
      ]) {
        expect((await refusal(attempt)).kind).toBe('not_found');
      }
      // Still there and unchanged for its owner.
      const own = await call<{ bodyJson: string }>('getItem', { caller: B, kind, id: item.id });
      expect(own.bodyJson).toBe(item.bodyJson);
    }
    const image = await call<{ id: string }>('uploadImage', {
      caller: B,
      data: await jpegOf(6, 4),
      filename: 'b.jpg',
      domainId: domainB,
    });
    expect((await refusal(call('getImageMeta', { caller: A, id: image.id }))).kind).toBe('not_found');
    expect(await call('getImageMeta', { caller: B, id: image.id })).toMatchObject({
      id: image.id,
      domainId: domainB,
      contentType: 'image/jpeg',
      width: 6,
      height: 4,
    });
  });

  it('shows a widget published articles pinned first, products and appointment types of a domain, without a caller', async () => {
    const domain = await domains.added(A.accountId);
    await knownDomain(domain);
    const plain = await create(A, 'article', article(domain, { title: 'Plain' }));
    const draft = await create(A, 'article', article(domain, { title: 'Draft', isPublished: false }));
    const pinned = await create(A, 'article', article(domain, { title: 'Pinned', isPinned: true }));
    const mug = await create(A, 'product', product(domain));
    const cup = await create(A, 'product', product(domain, { name: 'Cup' }));
    const fitting = await create(A, 'appointment', appointment(domain));
    const other = await create(B, 'product', product(domainB));
    const titles = (items: Array<{ bodyJson: string }>) =>
      items.map(
        (i) =>
          (JSON.parse(i.bodyJson) as { title?: string; name?: string }).title ?? JSON.parse(i.bodyJson).name,
      );
    type Items = { items: Array<{ id: string; bodyJson: string; domainId: string }> };

    const articles = await call<Items>('listPublishedItems', { domainId: domain, kind: 'article' });
    expect(titles(articles.items)).toEqual(['Pinned', 'Plain']);
    const products = await call<Items>('listPublishedItems', { domainId: domain, kind: 'product' });
    expect(products.items.map((i) => i.id)).toEqual([mug.id, cup.id]);
    expect(JSON.parse(products.items[0]!.bodyJson)).toMatchObject({
      name: 'Ceramic mug',
      discountedPrice: 15,
    });
    const types = await call<Items>('listPublishedItems', { domainId: domain, kind: 'appointment' });
    expect(types.items.map((i) => i.id)).toEqual([fitting.id]);
    expect(
      (await call<Items>('listPublishedItems', { domainId: randomUUID(), kind: 'product' })).items,
    ).toEqual([]);

    // In the order asked; another domain's product, a draft, a missing id and a malformed one are left out.
    const picked = await call<Items>('getPublicItems', {
      domainId: domain,
      kind: 'product',
      ids: [cup.id, other.id, randomUUID(), 'nope', mug.id, cup.id],
    });
    expect(picked.items.map((i) => i.id)).toEqual([cup.id, mug.id]);
    const pickedArticles = await call<Items>('getPublicItems', {
      domainId: domain,
      kind: 'article',
      ids: [draft.id, plain.id, pinned.id],
    });
    expect(pickedArticles.items.map((i) => i.id)).toEqual([plain.id, pinned.id]);
    expect(
      (
        await refusal(
          call('getPublicItems', { domainId: domain, kind: 'product', ids: Array(101).fill(mug.id) }),
        )
      ).kind,
    ).toBe('validation');
    expect((await refusal(call('listPublishedItems', { domainId: domain, kind: 'secret' }))).kind).toBe(
      'validation',
    );
  });

  it('stores JPEG and PNG by their bytes and serves them back with an etag', async () => {
    const jpeg = await jpegOf(10, 7);
    const meta = await call<{ id: string }>('uploadImage', {
      caller: A,
      data: jpeg,
      filename: 'photo.jpeg',
      domainId: domainA,
    });
    expect(meta).toMatchObject({
      contentType: 'image/jpeg',
      size: jpeg.length,
      width: 10,
      height: 7,
      domainId: domainA,
    });
    const file = await call<{ data: Buffer; contentType: string; etag: string }>('getImage', { id: meta.id });
    expect(file.contentType).toBe('image/jpeg');
    expect(Buffer.compare(file.data, jpeg)).toBe(0);
    expect(file.etag).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await refusal(call('getImage', { id: randomUUID() }))).kind).toBe('not_found');
    expect((await refusal(call('getImage', { id: 'nope' }))).kind).toBe('not_found');
  });

  it('refuses a 3 MB JPEG, a PNG renamed .gif and a text file renamed .png, storing nothing', async () => {
    const before = await imageCount();
    const cases: Array<[Buffer, string, string, string]> = [
      [await bigJpeg(), 'big.jpg', IMAGE_MESSAGES.apiTooLarge, 'IMAGE_TOO_LARGE'],
      [await pngOf(4, 4), 'logo.gif', IMAGE_MESSAGES.apiType, 'IMAGE_TYPE'],
      [Buffer.from('just some text\n'), 'notes.png', IMAGE_MESSAGES.apiType, 'IMAGE_TYPE'],
    ];
    for (const [data, filename, message, code] of cases) {
      const e = await refusal(call('uploadImage', { caller: A, data, filename, domainId: domainA }));
      expect([e.kind, e.message, e.code]).toEqual(['validation', message, code]);
    }
    expect(await imageCount()).toBe(before);
  });

  it('finds products and help articles of the domain by word prefixes', async () => {
    const mug = await create(
      A,
      'product',
      product(domainA, { name: 'Espresso cup', description: 'Small porcelain cup' }),
    );
    const faq = await create(
      A,
      'article',
      article(domainA, { title: 'Caring for porcelain', answer: 'Hand wash only' }),
    );
    await create(B, 'product', product(domainB, { name: 'Porcelain vase' }));
    const hits = await call<{ hits: Array<{ kind: string; id: string; title: string }> }>('search', {
      caller: A,
      domainId: domainA,
      query: 'porcel',
    });
    expect(hits.hits.map((h) => h.id).sort()).toEqual([mug.id, faq.id].sort());
    const titled = hits.hits.find((h) => h.id === faq.id);
    expect(titled).toMatchObject({ kind: 'article', title: 'Caring for porcelain' });
    expect(
      (
        await call<{ hits: unknown[] }>('search', {
          caller: A,
          domainId: domainA,
          query: 'espresso porcelain',
        })
      ).hits,
    ).toHaveLength(1);
    expect(
      (await call<{ hits: unknown[] }>('search', { caller: A, domainId: domainA, query: '!!' })).hits,
    ).toEqual([]);
    const empty = await refusal(call('search', { caller: A, domainId: domainA, query: ' ' }));
    expect(empty.message).toBe(M.searchQuery);
    expect((await refusal(call('search', { caller: A, domainId: '', query: 'x' }))).message).toBe(
      M.searchDomain,
    );
  });

  it("removes a deleted domain's products, articles, appointment types and images", async () => {
    const doomed = await domains.added(A.accountId);
    await knownDomain(doomed);
    const p = await create(A, 'product', product(doomed));
    await create(A, 'article', article(doomed));
    await create(A, 'appointment', appointment(doomed));
    const image = await call<{ id: string }>('uploadImage', {
      caller: A,
      data: await pngOf(2, 2),
      filename: 'x.png',
      domainId: doomed,
    });
    const kept = await create(A, 'product', product(domainA));

    await domains.deleted(A.accountId, doomed);
    await eventually(async () => {
      const { rows } = await db.pool.query(
        'SELECT count(*)::int AS n FROM content_items WHERE domain_id = $1',
        [doomed],
      );
      expect(rows[0].n).toBe(0);
    });
    expect((await refusal(call('getItem', { caller: A, kind: 'product', id: p.id }))).kind).toBe('not_found');
    expect((await refusal(call('getImage', { id: image.id }))).kind).toBe('not_found');
    expect((await refusal(create(A, 'product', product(doomed)))).kind).toBe('not_found');
    expect(
      (
        await refusal(
          call('updateItem', {
            caller: A,
            kind: 'product',
            id: p.id,
            inputJson: JSON.stringify(product(doomed)),
          }),
        )
      ).kind,
    ).toBe('not_found');
    await call('getItem', { caller: A, kind: 'product', id: kept.id });
  });
});
