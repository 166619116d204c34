import { randomUUID } from 'node:crypto';
import { DomainsEvent, type DomainAdded } from '@parley/contracts';
import { EventStore } from '@parley/eventstore';
import { connectTestNats, randomNamespace } from '@parley/testing';
import type { NatsConnection } from 'nats';
import { io as connect, type Socket } from 'socket.io-client';
import { registerOwner, type Registered } from './support/flows';
import type { GatewayClient } from './support/http-client';
import { startTestNotifications, type TestNotifications } from './support/notifications';
import { FRONTEND, startStack, type TestGateway, type TestStack } from './support/stack';

interface Notification {
  id: string;
  type: string;
  message: string;
  read: boolean;
  createdAt: string;
  domainId: string | null;
  roomId: string | null;
}

let namespace: string;
let notifications: TestNotifications;
let stack: TestStack;
let nc: NatsConnection;
let domains: EventStore;
let gatewayA: TestGateway;
let gatewayB: TestGateway;
let ann: Registered;
let bob: Registered;
let annClient: GatewayClient;
let bobClient: GatewayClient;
const sockets: Socket[] = [];

/**
 * Real identity and notifications, two gateways sharing Redis like replicas, and DomainAdded
 * events appended here as the domains service would append them. Gateways and notifications share
 * one event namespace, so the gateways relay exactly this service's announcements.
 */
beforeAll(async () => {
  namespace = randomNamespace();
  notifications = await startTestNotifications(FRONTEND, namespace);
  stack = await startStack({
    gatewayEnv: { NOTIFICATIONS_GRPC_URL: notifications.address, EVENT_NAMESPACE: namespace },
  });
  gatewayA = stack.gateways[0]!;
  gatewayB = await stack.startGateway();
  nc = await connectTestNats();
  domains = new EventStore(nc, { context: 'domains', namespace });
  annClient = stack.client({ origin: FRONTEND });
  ann = await registerOwner(stack, annClient);
  bobClient = stack.client({ origin: FRONTEND });
  bob = await registerOwner(stack, bobClient);
}, 120_000);

afterEach(() => {
  for (const s of sockets.splice(0)) s.close();
});

afterAll(async () => {
  await stack?.dispose();
  await notifications?.dispose();
  await nc?.close();
});

async function addDomain(owner: Registered, domain: string): Promise<DomainAdded> {
  const data: DomainAdded = {
    domainId: randomUUID(),
    accountId: owner.user.accountId,
    addedBy: owner.user.id,
    domain,
    addedAt: new Date().toISOString(),
  };
  await domains.append(domains.subject('domain', data.domainId), [{ type: DomainsEvent.DomainAdded, data }], {
    expectedVersion: 0,
    commandId: randomUUID(),
  });
  return data;
}

/** The list once it has `count` notifications (the projection applies events asynchronously). */
async function listed(client: GatewayClient, count: number) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const res = await client.get<{ data: Notification[]; unreadCount: number }>('/api/notifications');
    expect(res.status).toBe(200);
    if (res.body.data.length === count) return res.body;
    if (Date.now() > deadline)
      throw new Error(`expected ${count} notifications, got ${res.body.data.length}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function openSocket(gateway: TestGateway, owner: Registered): Promise<Socket> {
  const socket = connect(gateway.url, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    timeout: 10_000,
    auth: { token: owner.accessToken },
  });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

function nextEvent<T>(socket: Socket, event: string, timeoutMs = 15_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${timeoutMs} ms`)), timeoutMs);
    socket.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}

/**
 * Resolves once an emit from each gateway has reached `socket`: anything either replica emitted
 * before (locally or through Redis) has arrived by then.
 */
async function settled(socket: Socket, userId: string): Promise<void> {
  for (const gateway of [gatewayA, gatewayB]) {
    const marker = randomUUID();
    const seen = new Promise<void>((resolve) => {
      const onBarrier = (payload: { marker: string }) => {
        if (payload.marker !== marker) return;
        socket.off('barrier', onBarrier);
        resolve();
      };
      socket.on('barrier', onBarrier);
    });
    gateway.emitToUser(userId, 'barrier', { marker });
    await seen;
  }
}

describe('realtime', () => {
  it('a socket on gateway B receives each new notification exactly once; nobody else does', async () => {
    const annOnB = await openSocket(gatewayB, ann);
    const annOnA = await openSocket(gatewayA, ann);
    const bobOnB = await openSocket(gatewayB, bob);
    const onB: Notification[] = [];
    const onA: Notification[] = [];
    const toBob: Notification[] = [];
    annOnB.on('notification', (n: Notification) => onB.push(n));
    annOnA.on('notification', (n: Notification) => onA.push(n));
    bobOnB.on('notification', (n: Notification) => toBob.push(n));

    const first = nextEvent<Notification>(annOnB, 'notification');
    const added = await addDomain(ann, 'realtime.example.com');
    expect(await first).toEqual({
      id: expect.any(String),
      type: 'DOMAIN_SETUP',
      message: 'Set up your new domain realtime.example.com: tell the assistant about your business.',
      read: false,
      createdAt: added.addedAt,
      domainId: added.domainId,
      roomId: null,
    });
    const second = nextEvent<Notification>(annOnB, 'notification');
    await addDomain(ann, 'second.example.com');
    await second;
    await settled(annOnB, ann.user.id);
    await settled(annOnA, ann.user.id);
    await settled(bobOnB, bob.user.id);

    expect(onB.map((n) => n.message)).toEqual([
      'Set up your new domain realtime.example.com: tell the assistant about your business.',
      'Set up your new domain second.example.com: tell the assistant about your business.',
    ]);
    expect(onA).toEqual(onB);
    expect(toBob).toEqual([]);
    // What was pushed is what the list shows.
    const { data } = await listed(annClient, 2);
    expect([...onB].reverse()).toEqual(data);
  });
});

describe('REST', () => {
  it('lists newest first with the unread count, marks one read, marks all read, and cleans up', async () => {
    const carl = await registerOwner(stack, stack.client());
    const client = stack.client({ origin: FRONTEND });
    client.bearer = carl.accessToken;
    const empty = await client.get('/api/notifications');
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ data: [], unreadCount: 0 });
    expect(empty.headers.get('cache-control')).toBe('no-store');

    const older = await addDomain(carl, 'older.example.com');
    await listed(client, 1);
    const newer = await addDomain(carl, 'newer.example.com');
    const { data, unreadCount } = await listed(client, 2);
    expect(data.map((n) => n.domainId)).toEqual([newer.domainId, older.domainId]);
    expect(unreadCount).toBe(2);

    const patched = await client.request('PATCH', `/api/notifications/${data[1]!.id}`, {
      json: { read: true },
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toEqual({ data: { ...data[1], read: true } });
    expect((await client.get('/api/notifications')).body.unreadCount).toBe(1);

    const all = await client.post('/api/notifications/mark-all-read');
    expect(all.status).toBe(200);
    expect(all.body).toEqual({ success: true, updated: 1 });
    expect((await client.get('/api/notifications')).body.unreadCount).toBe(0);

    // Read just now: nothing is old enough to go.
    const cleaned = await client.request('DELETE', '/api/notifications/cleanup');
    expect(cleaned.status).toBe(200);
    expect(cleaned.body).toEqual({ message: 'Removed 0 old notifications', removed: 0 });
    expect((await client.get('/api/notifications')).body.data).toHaveLength(2);
  });

  it('PATCH accepts only { read: true }', async () => {
    const { data } = await listed(annClient, 2);
    const id = data[0]!.id;
    for (const body of [{}, { read: false }, { read: 'true' }]) {
      const res = await annClient.request('PATCH', `/api/notifications/${id}`, { json: body });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: { code: 'VALIDATION', message: 'read must be true' } });
    }
  });

  it("another user's notification is 404 on PATCH, and no other route shows or changes it", async () => {
    const { data } = await listed(annClient, 2);
    const annsUnread = data.filter((n) => !n.read).length;
    const target = data[0]!;

    const patched = await bobClient.request('PATCH', `/api/notifications/${target.id}`, {
      json: { read: true },
    });
    expect(patched.status).toBe(404);
    expect(patched.body).toMatchObject({ error: { code: 'NOTIFICATION_NOT_FOUND' } });
    const missing = await bobClient.request('PATCH', `/api/notifications/${randomUUID()}`, {
      json: { read: true },
    });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual(patched.body);
    expect((await bobClient.request('PATCH', '/api/notifications/x', { json: { read: true } })).status).toBe(
      404,
    );

    const bobsList = await bobClient.get('/api/notifications');
    expect(bobsList.body.data.map((n: Notification) => n.id)).not.toContain(target.id);
    expect((await bobClient.post('/api/notifications/mark-all-read')).body.updated).toBe(0);
    expect((await bobClient.request('DELETE', '/api/notifications/cleanup')).status).toBe(200);

    const annsList = await annClient.get('/api/notifications');
    expect(annsList.body.data).toEqual(data);
    expect(annsList.body.unreadCount).toBe(annsUnread);
  });

  it('every route needs a signed-in user', async () => {
    const anonymous = stack.client({ origin: FRONTEND });
    const answers = await Promise.all([
      anonymous.get('/api/notifications'),
      anonymous.request('PATCH', `/api/notifications/${randomUUID()}`, { json: { read: true } }),
      anonymous.post('/api/notifications/mark-all-read'),
      anonymous.request('DELETE', '/api/notifications/cleanup'),
    ]);
    expect(answers.map((a) => a.status)).toEqual([401, 401, 401, 401]);
  });
});
