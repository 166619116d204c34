import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { API_KEY_MESSAGES, API_KEY_SCOPES } from '@parley/contracts/validation';
import { verifySignature } from '../../services/notifications/src/domain/webhooks/signature';
import { expressPath } from '../src/http/api-v1/router';
import { setAccountPlan } from './support/billing';
import { addDomain, startTestContent, type TestContent } from './support/content';
import { startTestConversations, visitorOf, type ConversationsWorld } from './support/conversations';
import { startTestDomains, type TestDomains } from './support/domains';
import { startTestNotifications, type TestNotifications } from './support/notifications';
import { registerOwner, type Registered } from './support/flows';
import { GatewayClient } from './support/http-client';
import { validateOpenApi } from './support/openapi-validator';
import { FRONTEND, startStack, type TestGateway, type TestStack } from './support/stack';

jest.setTimeout(60_000);

/** Small, so the per-key limit is reached in a few requests. */
const PER_MINUTE = 25;

let stack: TestStack;
let content: TestContent;
let domains: TestDomains;
let conversations: Awaited<ReturnType<typeof startTestConversations>>;
let notifications: TestNotifications;
let gateway: TestGateway;

interface Owner {
  client: GatewayClient;
  user: Registered['user'];
  domainId: string;
}

beforeAll(async () => {
  stack = await startStack();
  [content, domains, conversations, notifications] = await Promise.all([
    startTestContent(stack.namespace),
    startTestDomains(stack.namespace),
    startTestConversations(stack.namespace),
    startTestNotifications(FRONTEND, stack.namespace, stack.mailSealKey),
  ]);
  gateway = await stack.startGateway({
    CONTENT_GRPC_URL: content.grpcUrl,
    DOMAINS_GRPC_URL: domains.grpcUrl,
    CONVERSATIONS_GRPC_URL: conversations.grpcUrl,
    NOTIFICATIONS_GRPC_URL: notifications.address,
    API_KEY_RATE_LIMIT_PER_MINUTE: String(PER_MINUTE),
  });
}, 180_000);

afterAll(async () => {
  await stack?.dispose();
  await Promise.all([content?.stop(), domains?.stop(), conversations?.stop(), notifications?.dispose()]);
});

async function newOwner(): Promise<Owner> {
  const client = stack.client({ gateway, origin: FRONTEND });
  const { user } = await registerOwner(stack, client);
  const domainId = await addDomain(client, content);
  await conversations.knowsDomain(domainId);
  return { client, user, domainId };
}

async function proOwner(): Promise<Owner> {
  const owner = await newOwner();
  await setAccountPlan(stack.namespace, owner.user.accountId, 'PRO');
  return owner;
}

async function createKey(owner: Owner, scopes: string[] = [...API_KEY_SCOPES], name = 'CRM sync') {
  const res = await owner.client.post('/api/api-keys', { name, scopes });
  expect(res.status).toBe(201);
  return res.body.data as { id: string; key: string; prefix: string; scopes: string[] };
}

/** A program calling the API: no cookies, no origin, its key as bearer. */
function apiClient(key: string): GatewayClient {
  const client = new GatewayClient(gateway.url);
  client.bearer = key;
  return client;
}

const product = (domainId: string, name = 'Ceramic mug') => ({
  domainId,
  name,
  price: '24.50',
  productType: 'Kitchen',
  description: 'Hand-thrown stoneware mug',
});

describe('API keys (dashboard)', () => {
  it('creates a key shown once, lists it without the key, and revokes it', async () => {
    const owner = await proOwner();
    const created = await createKey(owner, ['products:read']);
    expect(created.key).toMatch(/^pk_[0-9a-f]{32}[A-Za-z0-9_-]{43}$/);
    expect(created.prefix).toBe(created.key.slice(0, 11));

    const listed = await owner.client.get('/api/api-keys');
    expect(listed.status).toBe(200);
    expect(listed.body.data).toEqual([
      expect.objectContaining({
        id: created.id,
        name: 'CRM sync',
        scopes: ['products:read'],
        lastUsedAt: null,
      }),
    ]);
    expect(JSON.stringify(listed.body)).not.toContain(created.key);

    const api = apiClient(created.key);
    expect((await api.get(`/api/v1/products?domainId=${owner.domainId}`)).status).toBe(200);
    const used = await owner.client.get('/api/api-keys');
    expect(used.body.data[0].lastUsedAt).toEqual(expect.any(String));

    expect((await owner.client.request('DELETE', `/api/api-keys/${created.id}`)).status).toBe(204);
    const refused = await api.get(`/api/v1/products?domainId=${owner.domainId}`);
    expect(refused.status).toBe(401);
    expect(refused.body.error).toEqual({ code: 'INVALID_API_KEY', message: API_KEY_MESSAGES.invalidKey });
    const after = await owner.client.get('/api/api-keys');
    expect(after.body.data[0].revokedAt).toEqual(expect.any(String));
  });

  it('validates the form with its messages', async () => {
    const owner = await proOwner();
    const noName = await owner.client.post('/api/api-keys', { name: ' ', scopes: ['products:read'] });
    expect(noName.status).toBe(400);
    expect(noName.body.error.message).toBe(API_KEY_MESSAGES.nameRequired);
    const noScope = await owner.client.post('/api/api-keys', { name: 'x', scopes: [] });
    expect(noScope.body.error.message).toBe(API_KEY_MESSAGES.scopesRequired);
    const unknown = await owner.client.post('/api/api-keys', { name: 'x', scopes: ['admin:all'] });
    expect(unknown.status).toBe(400);
  });

  it('refuses a STANDARD account a key with the plan’s message', async () => {
    const owner = await newOwner();
    const res = await owner.client.post('/api/api-keys', { name: 'CRM', scopes: ['products:read'] });
    expect(res.status).toBe(403);
    expect(res.body.error).toEqual({ code: 'PLAN_REQUIRED', message: API_KEY_MESSAGES.planRequired });
  });

  it("cannot revoke another account's key", async () => {
    const [a, b] = await Promise.all([proOwner(), proOwner()]);
    const key = await createKey(a, ['products:read']);
    expect((await b.client.request('DELETE', `/api/api-keys/${key.id}`)).status).toBe(404);
    expect((await apiClient(key.key).get(`/api/v1/products?domainId=${a.domainId}`)).status).toBe(200);
  });
});

describe('/api/v1', () => {
  it('refuses no key, a made-up key and a malformed one with 401', async () => {
    const anonymous = new GatewayClient(gateway.url);
    expect((await anonymous.get('/api/v1/products?domainId=x')).body.error.code).toBe('API_KEY_REQUIRED');
    const fake = `pk_${'a'.repeat(32)}${'b'.repeat(43)}`;
    for (const key of [fake, 'pk_short', 'not-a-key']) {
      const res = await apiClient(key).get('/api/v1/products?domainId=x');
      expect(res.status).toBe(401);
    }
  });

  it('refuses every key of an account that went back to STANDARD with 403 and the plan’s message', async () => {
    const owner = await proOwner();
    const key = await createKey(owner, ['products:read']);
    await setAccountPlan(stack.namespace, owner.user.accountId, 'STANDARD');
    const res = await apiClient(key.key).get(`/api/v1/products?domainId=${owner.domainId}`);
    expect(res.status).toBe(403);
    expect(res.body.error).toEqual({ code: 'PLAN_REQUIRED', message: API_KEY_MESSAGES.planRequired });
  });

  it('lets a key do what its scopes allow and nothing else', async () => {
    const owner = await proOwner();
    const reader = apiClient((await createKey(owner, ['products:read'])).key);
    const writer = apiClient((await createKey(owner, ['products:write', 'products:read'])).key);

    const denied = await reader.post('/api/v1/products', product(owner.domainId));
    expect(denied.status).toBe(403);
    expect(denied.body.error).toEqual({
      code: 'MISSING_SCOPE',
      message: 'This API key does not have the products:write scope',
    });
    expect((await reader.get(`/api/v1/articles?domainId=${owner.domainId}`)).status).toBe(403);
    expect((await reader.get('/api/v1/conversations')).status).toBe(403);

    const created = await writer.post('/api/v1/products', product(owner.domainId));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Ceramic mug', price: 24.5, domainId: owner.domainId });
    const id = created.body.id as string;
    expect((await reader.get(`/api/v1/products/${id}`)).body).toMatchObject({ id, name: 'Ceramic mug' });
    const updated = await writer.request('PUT', `/api/v1/products/${id}`, {
      json: product(owner.domainId, 'Tea mug'),
    });
    expect(updated.status).toBe(200);
    expect(updated.body.name).toBe('Tea mug');
    const invalid = await writer.post('/api/v1/products', { ...product(owner.domainId), name: '' });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error.fields[0].field).toBe('name');
    expect((await writer.request('DELETE', `/api/v1/products/${id}`)).status).toBe(204);
    expect((await reader.get(`/api/v1/products/${id}`)).status).toBe(404);
  });

  it("never reaches another account's items", async () => {
    const [a, b] = await Promise.all([proOwner(), proOwner()]);
    const keyA = apiClient((await createKey(a)).key);
    const keyB = apiClient((await createKey(b)).key);
    const mine = await keyA.post('/api/v1/articles', {
      domainId: a.domainId,
      title: 'Shipping',
      question: 'How long does shipping take?',
      answer: 'Two to three days.',
    });
    expect(mine.status).toBe(201);
    expect((await keyB.get(`/api/v1/articles/${mine.body.id}`)).status).toBe(404);
    const list = await keyB.get(`/api/v1/articles?domainId=${a.domainId}`);
    expect(
      list.status === 404 || list.status === 403 || (list.status === 200 && list.body.data.length === 0),
    ).toBe(true);
    expect((await keyB.post('/api/v1/products', product(a.domainId))).status).toBeGreaterThanOrEqual(400);
  });

  it('pages a list with cursors: every item once, in order', async () => {
    const owner = await proOwner();
    const api = apiClient((await createKey(owner, ['products:read', 'products:write'])).key);
    const names = ['a', 'b', 'c', 'd', 'e'].map((n) => `Mug ${n}`);
    for (const name of names) {
      expect((await api.post('/api/v1/products', product(owner.domainId, name))).status).toBe(201);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res: { status: number; body: { data: Array<{ name: string }>; nextCursor: string | null } } =
        await api.get(
          `/api/v1/products?domainId=${owner.domainId}&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
        );
      expect(res.status).toBe(200);
      seen.push(...res.body.data.map((p: { name: string }) => p.name));
      cursor = res.body.nextCursor;
      pages++;
    } while (cursor);
    expect(seen).toEqual(names);
    expect(pages).toBe(3);
    expect((await api.get(`/api/v1/products?domainId=${owner.domainId}&cursor=garbage`)).status).toBe(400);
    expect((await api.get(`/api/v1/products?domainId=${owner.domainId}&limit=1000`)).status).toBe(400);
  });

  it('reads conversations and messages and sends a team reply the visitor receives', async () => {
    const owner = await proOwner();
    const api = apiClient(
      (await createKey(owner, ['conversations:read', 'conversations:write', 'contacts:read'])).key,
    );
    const { client: visitor } = await visitorOf(
      { stack, gateway, content, domains, conversations } as unknown as ConversationsWorld,
      owner.domainId,
    );
    const sent = await visitor.post('/api/widget/messages', { content: 'Do you ship to Norway?' });
    expect(sent.status).toBe(201);
    const roomId = sent.body.data.roomId as string;

    let listed: { data: Array<{ id: string }> } = { data: [] };
    for (let i = 0; i < 100 && !listed.data.some((r) => r.id === roomId); i++) {
      listed = (await api.get('/api/v1/conversations')).body;
      if (!listed.data.some((r) => r.id === roomId)) await new Promise((r) => setTimeout(r, 100));
    }
    expect(listed.data.map((r) => r.id)).toContain(roomId);
    // A second room: two pages of one, through conversations' own cursor, then the end.
    const second = await visitorOf(
      { stack, gateway, content, domains, conversations } as unknown as ConversationsWorld,
      owner.domainId,
    );
    const newer = (await second.client.post('/api/widget/messages', { content: 'And to Iceland?' })).body.data
      .roomId as string;
    let page1 = (await api.get('/api/v1/conversations?limit=1')).body;
    for (let i = 0; i < 100 && page1.data[0]?.id !== newer; i++) {
      await new Promise((r) => setTimeout(r, 100));
      page1 = (await api.get('/api/v1/conversations?limit=1')).body;
    }
    expect(page1.data.map((r: { id: string }) => r.id)).toEqual([newer]);
    const page2 = (await api.get(`/api/v1/conversations?limit=1&cursor=${page1.nextCursor}`)).body;
    expect(page2).toMatchObject({ data: [{ id: roomId }], nextCursor: null });
    const forged = await api.get('/api/v1/conversations?cursor=bm90LWEtY3Vyc29y');
    expect([forged.status, forged.body.error.message]).toEqual([400, 'Invalid cursor']);
    expect((await api.get(`/api/v1/conversations/${roomId}`)).body).toMatchObject({
      id: roomId,
      domainId: owner.domainId,
    });

    const reply = await api.post(`/api/v1/conversations/${roomId}/messages`, { content: 'Yes, in 4 days.' });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ role: 'team', content: 'Yes, in 4 days.' });
    const messages = await api.get(`/api/v1/conversations/${roomId}/messages`);
    expect(messages.body.data.map((m: { content: string }) => m.content)).toEqual(
      expect.arrayContaining(['Do you ship to Norway?', 'Yes, in 4 days.']),
    );
    expect(messages.body.data[0]).toMatchObject({ role: 'visitor', content: 'Do you ship to Norway?' });

    const chat = await visitor.get('/api/widget/chat');
    expect(JSON.stringify(chat.body)).toContain('Yes, in 4 days.');

    // The visitor leaves an address: a contact, once notifications has read it from the log.
    const email = `ingrid-${randomUUID().slice(0, 8)}@example.com`;
    expect((await visitor.post('/api/widget/email', { email })).status).toBe(200);
    let contacts: Array<{ email: string }> = [];
    for (let i = 0; i < 100 && !contacts.some((c) => c.email === email); i++) {
      const res = await api.get(`/api/v1/contacts?domainId=${owner.domainId}`);
      expect(res.status).toBe(200);
      contacts = res.body.data;
      if (!contacts.some((c) => c.email === email)) await new Promise((r) => setTimeout(r, 100));
    }
    expect(contacts).toEqual([
      expect.objectContaining({ email, domainId: owner.domainId, subscribed: true }),
    ]);

    expect((await api.post(`/api/v1/conversations/${randomUUID()}/messages`, { content: 'x' })).status).toBe(
      404,
    );
  });

  it('replays the first answer to a POST with the same Idempotency-Key, once', async () => {
    const owner = await proOwner();
    const api = apiClient((await createKey(owner, ['products:read', 'products:write'])).key);
    const headers = { 'idempotency-key': `order-${randomUUID()}` };
    const first = await api.post('/api/v1/products', product(owner.domainId, 'Once'), { headers });
    const again = await api.post('/api/v1/products', product(owner.domainId, 'Once'), { headers });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const list = await api.get(`/api/v1/products?domainId=${owner.domainId}`);
    expect(list.body.data.filter((p: { name: string }) => p.name === 'Once')).toHaveLength(1);

    const reused = await api.post('/api/v1/products', product(owner.domainId, 'Other'), { headers });
    expect(reused.status).toBe(422);
    expect(reused.body.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    // Another key's same Idempotency-Key is its own.
    const other = apiClient((await createKey(owner, ['products:write'])).key);
    expect((await other.post('/api/v1/products', product(owner.domainId, 'Other'), { headers })).status).toBe(
      201,
    );
  });

  it('limits each key per minute, apart from the account’s other keys', async () => {
    const owner = await proOwner();
    const busy = apiClient((await createKey(owner, ['products:read'])).key);
    const calm = apiClient((await createKey(owner, ['products:read'])).key);
    const statuses: number[] = [];
    for (let i = 0; i < PER_MINUTE + 3; i++) {
      statuses.push((await busy.get(`/api/v1/products?domainId=${owner.domainId}`)).status);
    }
    expect(statuses.slice(0, PER_MINUTE).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(PER_MINUTE)).toEqual([429, 429, 429]);
    const limited = await busy.get(`/api/v1/products?domainId=${owner.domainId}`);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await calm.get(`/api/v1/products?domainId=${owner.domainId}`)).status).toBe(200);
  });
});

describe('/api/v1/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const res = await new GatewayClient(gateway.url).get('/api/v1/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    const result = await validateOpenApi(res.body);
    expect(result.errors).toBeNull();
    expect(result).toMatchObject({ valid: true, version: '3.1' });
  });

  it('lists exactly the routes the router serves, each answering with a key', async () => {
    const doc = (await new GatewayClient(gateway.url).get('/api/v1/openapi.json')).body as {
      paths: Record<string, Record<string, { 'x-scope': string; requestBody?: unknown }>>;
    };
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((method) => `${method.toUpperCase()} ${expressPath(path)}`),
    );
    const app = (await import('../src/http/api-v1/routes')).apiV1Routes({} as never);
    expect(documented.sort()).toEqual(
      app.map((r) => `${r.method.toUpperCase()} ${expressPath(r.path)}`).sort(),
    );

    // And the router answers each documented route (not the 404 of an unknown path).
    const owner = await proOwner();
    const api = apiClient((await createKey(owner)).key);
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const method of Object.keys(ops)) {
        const url = `/api/v1${path.replace('{id}', randomUUID())}?domainId=${owner.domainId}`;
        const res = await api.request(
          method.toUpperCase(),
          url,
          method === 'get' || method === 'delete' ? {} : { json: {} },
        );
        expect([200, 201, 204, 400, 404]).toContain(res.status);
        expect(String(res.body?.error?.message ?? '')).not.toMatch(/^No route for/);
      }
    }
    // The request bodies in the document are the zod schemas that validate: a required field of
    // the product schema is required there too.
    const productBody = (
      doc.paths['/products']!.post!.requestBody as {
        content: { 'application/json': { schema: { required: string[] } } };
      }
    ).content['application/json'].schema;
    expect(productBody.required).toEqual(
      expect.arrayContaining(['domainId', 'name', 'productType', 'description']),
    );
  });
});

describe('/api/webhooks', () => {
  it('refuses STANDARD with the plan’s message, and on PRO delivers signed events with a log and resend', async () => {
    const owner = await newOwner();
    const refused = await owner.client.post('/api/webhooks', {
      url: 'http://127.0.0.1:9/hooks',
      eventTypes: ['message.created'],
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toEqual({
      code: 'PLAN_REQUIRED',
      message: 'Webhooks are part of the Pro plan. Upgrade to Pro to use them.',
    });

    const received: Array<{ body: string; headers: IncomingMessage['headers'] }> = [];
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString('utf8')));
      req.on('end', () => {
        received.push({ body, headers: req.headers });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    try {
      await setAccountPlan(stack.namespace, owner.user.accountId, 'PRO');
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/parley`;
      let created: { id: string; secret: string } | undefined;
      for (let i = 0; i < 100 && !created; i++) {
        const res = await owner.client.post('/api/webhooks', {
          url,
          eventTypes: ['conversation.started', 'message.created'],
        });
        if (res.status === 201) created = res.body.data;
        else await new Promise((r) => setTimeout(r, 100)); // notifications has not heard of PRO yet
      }
      expect(created?.secret).toMatch(/^whsec_/);

      const { client: visitor } = await visitorOf(
        { stack, gateway, content, domains, conversations } as unknown as ConversationsWorld,
        owner.domainId,
      );
      expect((await visitor.post('/api/widget/messages', { content: 'Hello there' })).status).toBe(201);
      for (let i = 0; i < 150 && received.length < 2; i++) await new Promise((r) => setTimeout(r, 100));
      const types = received.map((r) => (JSON.parse(r.body) as { type: string }).type).sort();
      expect(types).toEqual(['conversation.started', 'message.created']);
      const now = Math.floor(Date.now() / 1000);
      for (const r of received)
        expect(verifySignature(created!.secret, r.body, String(r.headers['parley-signature']), now)).toBe(
          true,
        );

      const log = await owner.client.get(`/api/webhooks/${created!.id}/deliveries`);
      expect(log.status).toBe(200);
      expect(log.body.data.map((d: { status: string }) => d.status)).toEqual(['delivered', 'delivered']);
      const resend = await owner.client.post(
        `/api/webhooks/${created!.id}/deliveries/${log.body.data[0].id}/resend`,
      );
      expect(resend.status).toBe(204);
      for (let i = 0; i < 100 && received.length < 3; i++) await new Promise((r) => setTimeout(r, 100));
      expect(received).toHaveLength(3);
      expect(received[2]!.headers['parley-event-id']).toBe(log.body.data[0].eventId);

      const stranger = await proOwner();
      expect((await stranger.client.get(`/api/webhooks/${created!.id}/deliveries`)).status).toBe(404);
    } finally {
      await new Promise<void>((r) => server.close(() => r()));
    }
  });
});
