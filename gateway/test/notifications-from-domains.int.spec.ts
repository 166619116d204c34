import { io as connect, type Socket } from 'socket.io-client';
import { startTestDomains, type TestDomains } from './support/domains';
import { registerOwner } from './support/flows';
import { startTestNotifications, type TestNotifications } from './support/notifications';
import { FRONTEND, startStack, type TestGateway, type TestStack } from './support/stack';

let stack: TestStack;
let domains: TestDomains;
let notifications: TestNotifications;
let gateway: TestGateway;
let socket: Socket | undefined;

/** The whole chain with the real domains service: add a domain through the API, see DOMAIN_SETUP arrive. */
beforeAll(async () => {
  stack = await startStack();
  domains = await startTestDomains(stack.namespace);
  notifications = await startTestNotifications(FRONTEND, stack.namespace);
  gateway = await stack.startGateway({
    DOMAINS_GRPC_URL: domains.grpcUrl,
    NOTIFICATIONS_GRPC_URL: notifications.address,
    EVENT_NAMESPACE: stack.namespace,
  });
}, 180_000);

afterAll(async () => {
  socket?.close();
  await stack?.dispose();
  await domains?.stop();
  await notifications?.dispose();
});

it('adding a domain pushes DOMAIN_SETUP to the owner and lists it; deleting the domain removes it', async () => {
  const client = stack.client({ gateway, origin: FRONTEND });
  const owner = await registerOwner(stack, client);
  socket = connect(gateway.url, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    auth: { token: owner.accessToken },
  });
  await new Promise<void>((resolve, reject) => {
    socket!.once('connect', () => resolve());
    socket!.once('connect_error', reject);
  });
  const pushed = new Promise<Record<string, unknown>>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no notification within 20 s')), 20_000);
    socket!.once('notification', (n: Record<string, unknown>) => {
      clearTimeout(timer);
      resolve(n);
    });
  });

  const name = `setup-${stack.namespace}.example.com`;
  const added = await client.post('/api/domains', { domain: name });
  expect(added.status).toBe(201);
  const domainId = added.body.data.id as string;

  const notification = await pushed;
  expect(notification).toMatchObject({
    type: 'DOMAIN_SETUP',
    message: `Set up your new domain ${name}: tell the assistant about your business.`,
    read: false,
    domainId,
  });
  const listed = await client.get('/api/notifications');
  expect(listed.body).toEqual({ data: [notification], unreadCount: 1 });

  expect((await client.request('DELETE', `/api/domains/${domainId}`)).status).toBe(204);
  const deadline = Date.now() + 20_000;
  while ((await client.get('/api/notifications')).body.data.length > 0) {
    if (Date.now() > deadline) throw new Error("the deleted domain's notification is still listed");
    await new Promise((r) => setTimeout(r, 100));
  }
});
