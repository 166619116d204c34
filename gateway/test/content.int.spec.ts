import { randomUUID } from 'node:crypto';
import { IMAGE_MESSAGES, DOMAIN_MESSAGES as M } from '@parley/contracts/validation';
import { bigJpeg, jpegOf, pngOf } from '@parley/content/test/images';
import { addDomain, startTestContent, uploadImage, type TestContent } from './support/content';
import { startTestDomains, type TestDomains } from './support/domains';
import { registerOwner, type Registered } from './support/flows';
import type { GatewayClient } from './support/http-client';
import { FRONTEND, startStack, type TestGateway, type TestStack } from './support/stack';

let stack: TestStack;
let content: TestContent;
let domains: TestDomains;
let gateway: TestGateway;
let ownerA: { client: GatewayClient; user: Registered['user']; domainId: string };
let ownerB: { client: GatewayClient; user: Registered['user']; domainId: string };

const signedInOwner = async () => {
  const client = stack.client({ gateway, origin: FRONTEND });
  const { user } = await registerOwner(stack, client);
  return { client, user, domainId: await addDomain(client, content) };
};

beforeAll(async () => {
  stack = await startStack();
  [content, domains] = await Promise.all([
    startTestContent(stack.namespace),
    startTestDomains(stack.namespace),
  ]);
  gateway = await stack.startGateway({
    CONTENT_GRPC_URL: content.grpcUrl,
    DOMAINS_GRPC_URL: domains.grpcUrl,
  });
  ownerA = await signedInOwner();
  ownerB = await signedInOwner();
}, 180_000);

afterAll(async () => {
  await stack?.dispose();
  await Promise.all([content?.stop(), domains?.stop()]);
});

const product = (domainId: string, over: Record<string, unknown> = {}) => ({
  domainId,
  name: 'Ceramic mug',
  price: '24.50',
  hasDiscount: true,
  discount: 20,
  productUrl: 'https://shop.example.com/mug',
  productType: 'Kitchen',
  description: 'Hand-thrown stoneware mug',
  variants: [
    {
      name: 'Colour',
      trackQuantity: true,
      options: [
        { value: 'Blue', priceAdjustment: 2, quantity: 4 },
        { value: 'Sand', priceAdjustment: 0, quantity: 0 },
      ],
    },
  ],
  ...over,
});
const article = (domainId: string, over: Record<string, unknown> = {}) => ({
  domainId,
  title: 'Returns',
  question: 'Can I return a mug?',
  answer: 'Within 30 days, unused',
  articleType: 'faq',
  category: 'Orders',
  tags: ['returns'],
  ...over,
});
const appointment = (domainId: string, over: Record<string, unknown> = {}) => ({
  domainId,
  name: 'Pottery class',
  price: 45,
  appointmentType: 'Workshop',
  ...over,
});
const bodies = { products: product, 'help-articles': article, 'appointment-types': appointment };
type Area = keyof typeof bodies;

async function expectRule(
  client: GatewayClient,
  method: string,
  path: string,
  body: unknown,
  message: string,
) {
  const res = await client.request(method, path, { json: body });
  expect(res.status).toBe(400);
  expect(res.body.error).toMatchObject({ code: 'VALIDATION', message });
  expect(res.body.error.fields[0].message).toBe(message);
}

describe('products, help articles and appointment types', () => {
  it('creates a product with a variant, a discount and images, and answers it in the planned shape', async () => {
    const { client, domainId } = ownerA;
    const image = await uploadImage(client, {
      bytes: await jpegOf(20, 10),
      filename: 'mug.jpg',
      type: 'image/jpeg',
    });
    expect(image.status).toBe(201);
    const created = await client.post('/api/products', product(domainId, { images: [image.body.data.id] }));
    expect(created.status).toBe(201);
    const data = created.body.data;
    expect(data).toMatchObject({
      domainId,
      name: 'Ceramic mug',
      price: 24.5,
      discount: 20,
      discountedPrice: 19.6,
      imageIds: [image.body.data.id],
      images: [`/api/images/${image.body.data.id}`],
      image: `/api/images/${image.body.data.id}`,
      variants: [{ name: 'Colour', trackQuantity: true }],
    });
    expect(data.id).toMatch(/^[0-9a-f-]{36}$/);

    const read = await client.get(`/api/products/${data.id}`);
    expect(read.status).toBe(200);
    expect(read.body.data).toEqual(data);
    const listed = await client.get(`/api/products?domainId=${domainId}`);
    expect(listed.body.data.map((p: { id: string }) => p.id)).toContain(data.id);

    const updated = await client.request('PUT', `/api/products/${data.id}`, {
      json: product(domainId, { hasDiscount: false, images: [] }),
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ discountedPrice: 24.5, images: [], image: null });

    expect((await client.request('DELETE', `/api/products/${data.id}`)).status).toBe(204);
    expect((await client.get(`/api/products/${data.id}`)).status).toBe(404);
  });

  it('creates a help article with its defaults and an appointment type with an image', async () => {
    const { client, domainId } = ownerA;
    const a = await client.post('/api/help-articles', {
      domainId,
      title: 'Hours',
      question: 'When?',
      answer: '9-5',
    });
    expect(a.status).toBe(201);
    expect(a.body.data).toMatchObject({
      tags: [],
      isPublished: true,
      isPinned: false,
      articleType: 'faq',
      content: '',
      questionVariants: [],
    });
    const asked = await client.request('PUT', `/api/help-articles/${a.body.data.id}`, {
      json: {
        domainId,
        title: 'Hours',
        question: 'When?',
        answer: '9-5',
        questionVariants: ['  what time do you open? ', 'are you open on sundays'],
      },
    });
    expect(asked.status).toBe(200);
    expect((await client.get(`/api/help-articles/${a.body.data.id}`)).body.data.questionVariants).toEqual([
      'what time do you open?',
      'are you open on sundays',
    ]);

    const image = await uploadImage(client, { bytes: await pngOf(8, 8), filename: 'class.png' });
    const t = await client.post(
      '/api/appointment-types',
      appointment(domainId, { image: image.body.data.id }),
    );
    expect(t.status).toBe(201);
    expect(t.body.data).toMatchObject({
      imageId: image.body.data.id,
      image: `/api/images/${image.body.data.id}`,
    });
  });

  describe('every rule answers 400 with its exact message', () => {
    const cases: Array<[Area, Record<string, unknown>, string]> = [
      ['products', { name: '' }, M.productName],
      ['products', { price: '' }, M.price],
      ['products', { price: 'ten' }, M.price],
      ['products', { productType: '' }, M.productType],
      ['products', { description: '   ' }, M.description],
      ['help-articles', { title: '' }, M.articleTitle],
      ['help-articles', { question: '' }, M.articleQuestion],
      ['help-articles', { answer: '' }, M.articleAnswer],
      ['help-articles', { questionVariants: ['ok', ' '] }, M.questionVariantEmpty],
      ['help-articles', { questionVariants: ['x'.repeat(201)] }, M.questionVariantLong],
      ['help-articles', { questionVariants: Array(11).fill('open?') }, M.questionVariantsMany],
      ['appointment-types', { name: '' }, M.appointmentName],
      ['appointment-types', { price: '' }, M.price],
      ['appointment-types', { appointmentType: '' }, M.appointmentType],
    ];
    it.each(cases)('POST and PUT /api/%s with %j: %s', async (area, over, message) => {
      const { client, domainId } = ownerA;
      await expectRule(client, 'POST', `/api/${area}`, { ...bodies[area](domainId), ...over }, message);
      const existing = await client.post(`/api/${area}`, bodies[area](domainId));
      expect(existing.status).toBe(201);
      await expectRule(
        client,
        'PUT',
        `/api/${area}/${existing.body.data.id}`,
        { ...bodies[area](domainId), ...over },
        message,
      );
    });

    it('lists and searches need a domain and a query', async () => {
      const { client, domainId } = ownerA;
      for (const area of Object.keys(bodies)) {
        const res = await client.get(`/api/${area}`);
        expect([res.status, res.body.error.message]).toEqual([400, M.searchDomain]);
      }
      const noQuery = await client.get(`/api/search?domainId=${domainId}&query=`);
      expect([noQuery.status, noQuery.body.error.message]).toEqual([400, M.searchQuery]);
      const noDomain = await client.get('/api/search?query=mug');
      expect([noDomain.status, noDomain.body.error.message]).toEqual([400, M.searchDomain]);
    });
  });

  it('answers 404 for a domain of another account or one not known yet', async () => {
    const { client } = ownerA;
    expect((await client.post('/api/products', product(ownerB.domainId))).status).toBe(404);
    expect((await client.post('/api/help-articles', article(randomUUID()))).status).toBe(404);
    expect((await client.get(`/api/appointment-types?domainId=${ownerB.domainId}`)).status).toBe(404);
    expect((await client.get(`/api/search?domainId=${ownerB.domainId}&query=mug`)).status).toBe(404);
  });

  it("gives owner A 404 for every read and write of owner B's products, articles, appointment types and image metadata", async () => {
    const b = ownerB;
    for (const area of Object.keys(bodies) as Area[]) {
      const created = await b.client.post(`/api/${area}`, bodies[area](b.domainId));
      expect(created.status).toBe(201);
      const path = `/api/${area}/${created.body.data.id}`;
      const attempts = [
        await ownerA.client.get(path),
        await ownerA.client.request('PUT', path, { json: bodies[area](b.domainId) }),
        await ownerA.client.request('PUT', path, { json: bodies[area](ownerA.domainId) }),
        await ownerA.client.request('DELETE', path),
      ];
      for (const res of attempts) {
        expect(res.status).toBe(404);
        expect(res.body.error.code).toBe('NOT_FOUND');
      }
      expect((await ownerA.client.get(`/api/${area}?domainId=${b.domainId}`)).status).toBe(404);
      const own = await b.client.get(path);
      expect(own.body.data).toEqual(created.body.data);
    }
    const image = await uploadImage(b.client, { bytes: await pngOf(4, 4), filename: 'b.png' });
    expect((await ownerA.client.get(`/api/images/${image.body.data.id}/meta`)).status).toBe(404);
    expect((await b.client.get(`/api/images/${image.body.data.id}/meta`)).status).toBe(200);
    // Another account's image cannot be attached either.
    const attach = await ownerA.client.post(
      '/api/products',
      product(ownerA.domainId, { images: [image.body.data.id] }),
    );
    expect([attach.status, attach.body.error.message]).toEqual([400, 'Image not found']);
  });

  it('needs a signed-in owner', async () => {
    const anonymous = stack.client({ gateway, origin: FRONTEND });
    expect((await anonymous.get(`/api/products?domainId=${ownerA.domainId}`)).status).toBe(401);
    expect((await anonymous.post('/api/help-articles', article(ownerA.domainId))).status).toBe(401);
    expect((await uploadImage(anonymous, { bytes: await pngOf(2, 2), filename: 'a.png' })).status).toBe(401);
  });

  it("searches the domain's products and help articles", async () => {
    const { client, domainId } = ownerA;
    const p = await client.post(
      '/api/products',
      product(domainId, { name: 'Teapot deluxe', description: 'Glazed teapot' }),
    );
    const a = await client.post(
      '/api/help-articles',
      article(domainId, { title: 'Teapot care', question: 'How to clean a teapot?' }),
    );
    const q = await client.post('/api/settings/filter-questions', {
      domainId,
      question: 'Which teapot size do you need?',
      answer: 'Two cups',
    });
    expect(q.status).toBe(201);
    await ownerB.client.post('/api/products', product(ownerB.domainId, { name: 'Teapot of B' }));
    const res = await client.get(`/api/search?domainId=${domainId}&query=teap`);
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(3);
    // The domain's own content first (ranked), then its filter questions.
    expect(res.body.data[2]).toEqual({
      kind: 'filter_question',
      id: q.body.data.id,
      title: 'Which teapot size do you need?',
      snippet: 'Two cups',
    });
    expect(res.body.data).toEqual(
      expect.arrayContaining([
        { kind: 'product', id: p.body.data.id, title: 'Teapot deluxe', snippet: 'Glazed teapot' },
        { kind: 'article', id: a.body.data.id, title: 'Teapot care', snippet: 'How to clean a teapot?' },
      ]),
    );
  });
});

describe('images', () => {
  const stored = async () =>
    Number((await content.db.pool.query('SELECT count(*) FROM images')).rows[0].count);

  it('stores a PNG and serves it publicly with long cache headers, an ETag and nosniff', async () => {
    const png = await pngOf(12, 5);
    const up = await uploadImage(
      ownerA.client,
      { bytes: png, filename: 'logo.png' },
      { domainId: ownerA.domainId },
    );
    expect(up.status).toBe(201);
    expect(up.body.data).toMatchObject({
      url: `/api/images/${up.body.data.id}`,
      contentType: 'image/png',
      size: png.length,
      width: 12,
      height: 5,
      domainId: ownerA.domainId,
    });

    const res = await fetch(new URL(up.body.data.url, gateway.url));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const etag = res.headers.get('etag');
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
    expect(Buffer.compare(Buffer.from(await res.arrayBuffer()), png)).toBe(0);

    const again = await fetch(new URL(up.body.data.url, gateway.url), {
      headers: { 'if-none-match': etag! },
    });
    expect(again.status).toBe(304);
    expect((await fetch(new URL(`/api/images/${randomUUID()}`, gateway.url))).status).toBe(404);

    const meta = await ownerA.client.get(`/api/images/${up.body.data.id}/meta`);
    expect(meta.body.data).toEqual(up.body.data);
  });

  it('refuses a 3 MB JPEG (413), a PNG renamed .gif and a text file renamed .png (415), storing nothing', async () => {
    const before = await stored();
    const big = await uploadImage(ownerA.client, {
      bytes: await bigJpeg(),
      filename: 'big.jpg',
      type: 'image/jpeg',
    });
    expect(big.status).toBe(413);
    expect(big.body.error).toMatchObject({ code: 'IMAGE_TOO_LARGE', message: IMAGE_MESSAGES.apiTooLarge });

    const gif = await uploadImage(ownerA.client, {
      bytes: await pngOf(3, 3),
      filename: 'logo.gif',
      type: 'image/gif',
    });
    expect(gif.status).toBe(415);
    expect(gif.body.error).toMatchObject({ code: 'IMAGE_TYPE', message: IMAGE_MESSAGES.apiType });

    const text = await uploadImage(ownerA.client, {
      bytes: Buffer.from('not an image\n'),
      filename: 'notes.png',
      type: 'image/png',
    });
    expect(text.status).toBe(415);
    expect(text.body.error).toMatchObject({ code: 'IMAGE_TYPE', message: IMAGE_MESSAGES.apiType });

    expect(await stored()).toBe(before);
  });

  it('asks for a file when there is none', async () => {
    const res = await ownerA.client.post('/api/images', { file: 'x' });
    expect(res.status).toBe(400);
    const empty = await uploadImage(ownerA.client, { bytes: Buffer.alloc(0), filename: 'empty.png' });
    expect([empty.status, empty.body.error.code]).toEqual([400, 'FILE_REQUIRED']);
  });

  it("removes a deleted domain's content and images when the owner deletes the domain", async () => {
    const { client, domainId } = await signedInOwner();
    const p = await client.post('/api/products', product(domainId));
    const a = await client.post('/api/help-articles', article(domainId));
    const up = await uploadImage(client, { bytes: await pngOf(2, 2), filename: 'x.png' }, { domainId });
    expect([p.status, a.status, up.status]).toEqual([201, 201, 201]);
    expect((await client.request('DELETE', `/api/domains/${domainId}`)).status).toBe(204);
    await content.knowsDomain(domainId, false);
    expect((await client.get(`/api/products/${p.body.data.id}`)).status).toBe(404);
    expect((await client.get(`/api/help-articles/${a.body.data.id}`)).status).toBe(404);
    expect((await fetch(new URL(up.body.data.url, gateway.url))).status).toBe(404);
    expect((await client.get(`/api/products?domainId=${domainId}`)).status).toBe(404);
  });
});
