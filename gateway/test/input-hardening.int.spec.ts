import { randomUUID } from 'node:crypto';
import { brotliCompressSync, crc32, deflateSync, gzipSync } from 'node:zlib';
import { ClientSocketEvent, type VisitorMessageAck } from '@parley/contracts';
import { DOMAIN_MESSAGES as M } from '@parley/contracts/validation';
import { jpegOf, pngOf } from '@parley/content/test/images';
import { uploadImage } from './support/content';
import {
  ownerWithDomain,
  startConversationsWorld,
  visitorOf,
  type ConversationsWorld,
  type SignedInOwner,
} from './support/conversations';
import type { GatewayClient } from './support/http-client';
import { multipartBody, rawRequest, type RawRequest } from './support/raw-http';
import { openSocket } from './support/sockets';

/** Issue 11: inputs that crashed the gateway, answered 500, or were stored and broke a read model. */

let world: ConversationsWorld;
let owner: SignedInOwner;
let otherOwner: SignedInOwner;

beforeAll(async () => {
  world = await startConversationsWorld();
  [owner, otherOwner] = await Promise.all([ownerWithDomain(world), ownerWithDomain(world)]);
}, 240_000);

afterAll(async () => {
  await world?.dispose();
});

/** The headers a signed-in owner's browser sends (cookie session, the frontend's origin, its IP). */
const browserHeaders = (client: GatewayClient, path: string): Record<string, string> => {
  const headers: Record<string, string> = { 'x-forwarded-for': client.ip };
  if (client.origin) headers.origin = client.origin;
  const cookie = client.cookieHeader(path.split('?')[0]!);
  if (cookie) headers.cookie = cookie;
  return headers;
};
const raw = (options: RawRequest) => rawRequest(world.gateway.url, options);
const healthy = async () => (await raw({ method: 'GET', path: '/healthz' })).status;

const INVALID_TEXT_MESSAGE = 'Text may not contain NUL characters or unpaired surrogates';
const NUL = 'Hello\u0000there';
const LONE_SURROGATE = 'Hello\ud800there';

function expectInvalidText(
  res: { status: number; body: { error: { code: string; message: string; fields?: unknown } } },
  field?: string,
) {
  expect(res.status).toBe(400);
  expect(res.body.error.code).toBe('INVALID_TEXT');
  expect(res.body.error.message).toBe(INVALID_TEXT_MESSAGE);
  if (field !== undefined) expect(res.body.error.fields).toEqual([{ field, message: INVALID_TEXT_MESSAGE }]);
}

describe('a multipart upload that ends in the middle of the file', () => {
  it('answers 400 and the gateway stays up (it used to exit on "Unexpected end of form")', async () => {
    const png = await pngOf(64, 64);
    const { body, contentType } = multipartBody([
      { name: 'file', value: png, filename: 'cut.png', type: 'image/png' },
    ]);
    const cut = body.subarray(0, body.length - Math.floor(png.length / 2));
    const res = await raw({
      method: 'POST',
      path: '/api/images',
      headers: { ...browserHeaders(owner.client, '/api/images'), 'content-type': contentType },
      body: cut,
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'BAD_REQUEST', message: 'The upload could not be read' });
    expect(await healthy()).toBe(200);
  });

  it('a connection dropped mid-upload leaves the gateway up and the next upload works', async () => {
    const png = await pngOf(64, 64);
    const { body, contentType } = multipartBody([
      { name: 'file', value: png, filename: 'drop.png', type: 'image/png' },
    ]);
    await raw({
      method: 'POST',
      path: '/api/images',
      headers: { ...browserHeaders(owner.client, '/api/images'), 'content-type': contentType },
      body,
      dropAfter: body.length - 40,
    });
    expect(await healthy()).toBe(200);
    const next = await uploadImage(owner.client, { bytes: png, filename: 'next.png' });
    expect(next.status).toBe(201);
  });
});

describe('NUL characters and unpaired surrogates are refused with 400 INVALID_TEXT', () => {
  it('in a visitor message, over REST and over the widget socket', async () => {
    const { client, session } = await visitorOf(world, owner.domainId);
    expectInvalidText(await client.post('/api/widget/messages', { content: NUL }), 'content');
    expectInvalidText(await client.post('/api/widget/messages', { content: LONE_SURROGATE }), 'content');
    const socket = await openSocket(world.gateway.url, session.token);
    try {
      const ack = (await socket
        .timeout(10_000)
        .emitWithAck(ClientSocketEvent.visitorMessage, { content: NUL })) as VisitorMessageAck;
      expect(ack).toEqual({
        ok: false,
        status: 400,
        error: {
          code: 'INVALID_TEXT',
          message: INVALID_TEXT_MESSAGE,
          fields: [{ field: 'content', message: INVALID_TEXT_MESSAGE }],
        },
      });
    } finally {
      socket.close();
    }
    // Nothing reached the room: the visitor's chat still reads, and is empty.
    const chat = await client.get('/api/widget/chat');
    expect(chat.status).toBe(200);
    expect(chat.body.data.messages).toEqual([]);
  });

  it("in the widget's email, booking and answers (anonymous visitors)", async () => {
    const { client } = await visitorOf(world, owner.domainId);
    expectInvalidText(await client.post('/api/widget/email', { email: 'a\u0000@example.com' }), 'email');
    const date = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    expectInvalidText(
      await client.post('/api/widget/bookings', { date, slot: '10:00', email: 'a@example.com', name: NUL }),
      'name',
    );
    expectInvalidText(
      await client.post('/api/widget/answers', {
        answers: [{ questionId: randomUUID(), answer: LONE_SURROGATE }],
      }),
      'answers.0.answer',
    );
  });

  it("in the team's messages, products, articles, user names, domain settings and filter questions", async () => {
    const { client, domainId } = owner;
    const cases: Array<[string, string, unknown, string]> = [
      ['POST', `/api/conversations/${randomUUID()}/messages`, { content: NUL }, 'content'],
      [
        'POST',
        '/api/products',
        { domainId, name: NUL, price: 1, productType: 'a', description: 'b' },
        'name',
      ],
      [
        'POST',
        '/api/help-articles',
        { domainId, title: 'a', question: LONE_SURROGATE, answer: 'c' },
        'question',
      ],
      ['PATCH', '/api/user/me', { fullname: `Ada ${NUL}` }, 'fullname'],
      ['PATCH', `/api/domains/${domainId}/settings`, { welcomeMessage: `Welcome ${NUL}` }, 'welcomeMessage'],
      [
        'PATCH',
        `/api/domains/${domainId}/home-settings`,
        { customLinks: [{ id: 'a', title: LONE_SURROGATE, url: 'https://a.example.com' }] },
        'customLinks.0.title',
      ],
      ['POST', '/api/settings/filter-questions', { domainId, question: NUL, answer: 'Yes' }, 'question'],
    ];
    for (const [method, path, json, field] of cases) {
      const started = Date.now();
      const res = await client.request(method, path, { json });
      expectInvalidText(res, field);
      // Refused at once, not after a service gave up waiting for a read model it broke.
      expect(Date.now() - started).toBeLessThan(1_000);
    }
  });

  it('in object keys, in deeply nested values, and in a body sent with a lone surrogate escape', async () => {
    const { client } = await visitorOf(world, owner.domainId);
    expectInvalidText(
      await client.post('/api/widget/messages', { content: 'hi', ['x\u0000']: 1 }),
      'x\u0000',
    );
    const res = await client.request('POST', '/api/widget/messages', { rawBody: '{"content":"\\udc00 hi"}' });
    expectInvalidText(res, 'content');
    expectInvalidText(
      await owner.client.request('PATCH', `/api/domains/${owner.domainId}/home-settings`, {
        json: {
          popularTopics: [{ id: 'a', title: 'ok', linkType: 'external_url', linkTarget: `https://${NUL}` }],
        },
      }),
      'popularTopics.0.linkTarget',
    );
  });

  it('in query strings and path ids', async () => {
    const { client } = owner;
    expectInvalidText(await client.get('/api/products?domainId=%00'), 'domainId');
    expectInvalidText(await client.get(`/api/search?domainId=${owner.domainId}&query=mug%00`), 'query');
    expectInvalidText(await client.get('/api/products/abc%00def'));
    expectInvalidText(await world.stack.client({ gateway: world.gateway }).get('/api/widget/domains/%00'));
  });

  it('in multipart fields and file names', async () => {
    const png = await pngOf(4, 4);
    for (const parts of [
      [
        { name: 'domainId', value: `${owner.domainId}\u0000` },
        { name: 'file', value: png, filename: 'a.png', type: 'image/png' },
      ],
      [{ name: 'file', value: png, filename: 'a\u0000.png', type: 'image/png' }],
    ]) {
      const { body, contentType } = multipartBody(parts);
      const res = await raw({
        method: 'POST',
        path: '/api/images',
        headers: { ...browserHeaders(owner.client, '/api/images'), 'content-type': contentType },
        body,
      });
      expectInvalidText(res);
    }
  });
});

describe('broken percent-encoding in a path id answers 400, never 500', () => {
  const ID_ROUTES: Array<[string, string]> = [
    ['GET', '/api/widget/domains/%ff%fe'],
    ['GET', '/api/widget/domains/%ff%fe/articles'],
    ['GET', '/api/widget/domains/%ff%fe/products'],
    ['GET', '/api/widget/domains/%ff%fe/appointment-types'],
    ['GET', '/api/widget/domains/%E0%A4%A/taken-slots?date=2030-01-01'],
    ['GET', '/api/images/%ff%fe'],
    ['GET', '/api/images/%ff%fe/meta'],
    ['GET', '/api/products/%ff%fe'],
    ['PUT', '/api/help-articles/%ff%fe'],
    ['DELETE', '/api/appointment-types/%'],
    ['GET', '/api/domains/%ff%fe'],
    ['PATCH', '/api/domains/%ff%fe/settings'],
    ['PATCH', '/api/domains/%ff%fe/home-settings'],
    ['GET', '/api/domains/%ff%fe/config'],
    ['DELETE', '/api/settings/filter-questions/%ff%fe'],
    ['PATCH', '/api/notifications/%ff%fe'],
    ['GET', '/api/conversations/%ff%fe/messages'],
    ['DELETE', '/api/conversations/%ff%fe/share/%ff'],
    ['DELETE', '/api/team/invites/%ff%fe'],
    ['DELETE', '/api/team/members/%ED%A0%80'],
  ];
  it.each(ID_ROUTES)('%s %s', async (method, path) => {
    const res = await raw({
      method,
      path,
      headers: { ...browserHeaders(owner.client, path), 'content-type': 'application/json' },
      body: method === 'GET' || method === 'DELETE' ? undefined : '{}',
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual({
      code: 'MALFORMED_URL',
      message: 'The address is not valid percent-encoded UTF-8',
    });
  });
});

describe('a body that is not what its Content-Encoding says answers 400', () => {
  const login = JSON.stringify({ email: 'nobody@example.com', password: 'Wrong_pass-1' });
  it.each(['gzip', 'br', 'deflate'])('Content-Encoding: %s on a plain JSON body', async (encoding) => {
    const res = await raw({
      method: 'POST',
      path: '/api/auth/login',
      headers: {
        'content-type': 'application/json',
        'content-encoding': encoding,
        'x-forwarded-for': '198.19.7.1',
      },
      body: login,
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual({
      code: 'MALFORMED_BODY',
      message: 'Request body does not match its Content-Encoding',
    });
  });

  it('while a body that is what it says is read as usual', async () => {
    const encoders: Record<string, (b: Buffer) => Buffer> = {
      gzip: gzipSync,
      br: brotliCompressSync,
      deflate: deflateSync,
    };
    for (const [encoding, encode] of Object.entries(encoders)) {
      const res = await raw({
        method: 'POST',
        path: '/api/auth/login',
        headers: {
          'content-type': 'application/json',
          'content-encoding': encoding,
          'x-forwarded-for': '198.19.7.2',
        },
        body: encode(Buffer.from(login)),
      });
      expect([encoding, res.status]).toEqual([encoding, 401]);
    }
  });
});

/** A real PNG whose header is rewritten to claim another size (CRC fixed, so it is a well-formed header). */
async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await pngOf(8, 8));
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

describe('images: a documented pixel limit, and content that is what it claims to be', () => {
  it('refuses a PNG whose header claims 100000x100000 pixels, and one over 25 megapixels', async () => {
    for (const [w, h] of [
      [100_000, 100_000],
      [10_001, 10],
      [6_000, 5_000],
    ] as const) {
      const res = await uploadImage(owner.client, { bytes: await pngClaiming(w, h), filename: 'huge.png' });
      expect([w, h, res.status, res.body.error?.code]).toEqual([w, h, 400, 'IMAGE_DIMENSIONS']);
      expect(res.body.error.message).toBe(
        'Images can be at most 10000 pixels wide or high and 25 megapixels in all',
      );
    }
    const fine = await uploadImage(owner.client, {
      bytes: await pngClaiming(5_000, 5_000),
      filename: 'big.png',
    });
    expect(fine.status).toBe(201);
  });

  it('refuses a PNG named .jpg, or declared image/jpeg, and a JPEG declared image/png (415)', async () => {
    const png = await pngOf(4, 4);
    const jpeg = await jpegOf(4, 4);
    for (const file of [
      { bytes: png, filename: 'photo.jpg', type: 'image/jpeg' },
      { bytes: png, filename: 'photo.png', type: 'image/jpeg' },
      { bytes: jpeg, filename: 'photo.jpg', type: 'image/png' },
      { bytes: jpeg, filename: 'photo.jpeg', type: 'text/plain' },
    ]) {
      const res = await uploadImage(owner.client, file);
      expect([file.filename, file.type, res.status, res.body.error?.code]).toEqual([
        file.filename,
        file.type,
        415,
        'IMAGE_TYPE',
      ]);
    }
    // A browser that does not know the type says application/octet-stream: the bytes and the name decide.
    const unknown = await uploadImage(owner.client, {
      bytes: jpeg,
      filename: 'photo.JPEG',
      type: 'application/octet-stream',
    });
    expect(unknown.status).toBe(201);
  });
});

describe("domain settings' image ids must be the account's own images", () => {
  it("refuses another tenant's image and one that does not exist, accepts its own", async () => {
    const theirs = await uploadImage(otherOwner.client, { bytes: await pngOf(4, 4), filename: 'theirs.png' });
    const mine = await uploadImage(owner.client, { bytes: await pngOf(4, 4), filename: 'mine.png' });
    expect([theirs.status, mine.status]).toEqual([201, 201]);
    const path = `/api/domains/${owner.domainId}/settings`;
    for (const [field, id] of [
      ['domainLogo', theirs.body.data.id],
      ['image', randomUUID()],
    ] as const) {
      const res = await owner.client.request('PATCH', path, { json: { [field]: id } });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'VALIDATION', message: 'Image not found' });
      expect(res.body.error.fields).toEqual([{ field, message: 'Image not found' }]);
    }
    const settings = await owner.client.get(`/api/domains/${owner.domainId}`);
    expect(settings.body.data.settings.domainLogo ?? null).not.toBe(theirs.body.data.id);
    const ok = await owner.client.request('PATCH', path, {
      json: { domainLogo: mine.body.data.id, image: mine.body.data.id },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ domainLogo: mine.body.data.id, image: mine.body.data.id });
  });
});

describe('prices are decimal numbers', () => {
  it.each(['0x10', '0b11', '0o7', ' ', '1e3', 'Infinity', '-5'])('refuses %j', async (price) => {
    for (const area of ['products', 'appointment-types']) {
      const body =
        area === 'products'
          ? { domainId: owner.domainId, name: 'Mug', price, productType: 'Kitchen', description: 'A mug' }
          : { domainId: owner.domainId, name: 'Class', price, appointmentType: 'Workshop' };
      const res = await owner.client.post(`/api/${area}`, body);
      expect([area, res.status, res.body.error?.message]).toEqual([area, 400, M.price]);
    }
  });

  it('accepts decimal strings and numbers', async () => {
    for (const [price, stored] of [
      ['12', 12],
      [' 12.5 ', 12.5],
      ['.5', 0.5],
      [7, 7],
    ] as const) {
      const res = await owner.client.post('/api/products', {
        domainId: owner.domainId,
        name: 'Mug',
        price,
        productType: 'Kitchen',
        description: 'A mug',
      });
      expect([price, res.status, res.body.data?.price]).toEqual([price, 201, stored]);
    }
  });
});
