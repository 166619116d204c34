import { liveSupportMessage } from '@parley/contracts';
import { addDomain } from './support/content';
import { eventually, startConversationsWorld, type ConversationsWorld } from './support/conversations';
import { registerOwner, type Registered } from './support/flows';
import type { GatewayClient } from './support/http-client';
import { startTestNotifications, type TestNotifications } from './support/notifications';
import { FRONTEND, type TestGateway } from './support/stack';

interface Notification {
  id: string;
  type: string;
  message: string;
  read: boolean;
  createdAt: string;
  domainId: string | null;
  roomId: string | null;
}

interface Owner {
  client: GatewayClient;
  registered: Registered;
  domainId: string;
  domain: string;
}

let world: ConversationsWorld;
let notifications: TestNotifications;
let gateway: TestGateway;

/**
 * The handoff end to end behind the gateway: real identity, domains, content, conversations and
 * notifications on one namespace; the assistant's two calls (RequestHandoff, MarkRoomMailed) made
 * on conversations' gRPC as the assistant makes them; the owner reads /api/notifications.
 */
beforeAll(async () => {
  world = await startConversationsWorld();
  notifications = await startTestNotifications(FRONTEND, world.stack.namespace);
  gateway = await world.stack.startGateway({
    DOMAINS_GRPC_URL: world.domains.grpcUrl,
    CONTENT_GRPC_URL: world.content.grpcUrl,
    CONVERSATIONS_GRPC_URL: world.conversations.grpcUrl,
    NOTIFICATIONS_GRPC_URL: notifications.address,
    EVENT_NAMESPACE: world.stack.namespace,
  });
}, 180_000);

afterAll(async () => {
  await world?.dispose();
  await notifications?.dispose();
});

async function ownerWithDomain(): Promise<Owner> {
  const client = world.stack.client({ gateway, origin: FRONTEND });
  const registered = await registerOwner(world.stack, client);
  const domainId = await addDomain(client, world.content);
  await world.conversations.knowsDomain(domainId);
  const listed = await client.get<{ data: Array<{ id: string; domain: string }> }>('/api/domains');
  const domain = listed.body.data.find((d) => d.id === domainId)!.domain;
  return { client, registered, domainId, domain };
}

/** A visitor of the domain who wrote a message; the new room's id. */
async function visitorRoom(domainId: string): Promise<string> {
  const visitor = world.stack.client({ gateway, origin: gateway.url });
  const session = await visitor.post('/api/widget/session', { domainId });
  expect(session.status).toBe(200);
  visitor.bearer = session.body.data.token;
  const posted = await visitor.post('/api/widget/messages', { content: 'can I talk to a human' });
  expect(posted.status).toBe(201);
  return posted.body.data.roomId as string;
}

/** The assistant's handoff: RequestHandoff, then MarkRoomMailed (answers whether it was newly mailed). */
async function assistantHandsOff(roomId: string): Promise<boolean> {
  await world.conversations.call('requestHandoff', { roomId, reason: 'visitor asked for a person' });
  const mailed = await world.conversations.call<{ newlyMailed: boolean }>('markRoomMailed', { roomId });
  return mailed.newlyMailed;
}

const liveSupportOf = async (client: GatewayClient) => {
  const res = await client.get<{ data: Notification[]; unreadCount: number }>('/api/notifications');
  expect(res.status).toBe(200);
  return res.body.data.filter((n) => n.type === 'LIVE_SUPPORT');
};

it('lists LIVE_SUPPORT with its domain and room for the owner, mails once, and shows nothing to another account', async () => {
  const [ann, bea] = await Promise.all([ownerWithDomain(), ownerWithDomain()]);
  const roomId = await visitorRoom(ann.domainId);

  expect(await assistantHandsOff(roomId)).toBe(true);
  let listed: Notification[] = [];
  await eventually(async () => {
    listed = await liveSupportOf(ann.client);
    expect(listed).toHaveLength(1);
  }, 20_000);
  expect(listed[0]).toEqual({
    id: expect.any(String),
    type: 'LIVE_SUPPORT',
    message: liveSupportMessage(ann.domain),
    read: false,
    createdAt: expect.any(String),
    domainId: ann.domainId,
    roomId,
  });

  await eventually(
    async () => expect(await notifications.inbox(ann.registered.email)).toHaveLength(1),
    20_000,
  );
  const [mail] = await notifications.inbox(ann.registered.email);
  expect(mail!.subject).toBe(liveSupportMessage(ann.domain));
  expect(mail!.text).toContain(`${FRONTEND}/dashboard/conversation?room=${roomId}`);

  // The assistant asking again changes nothing: the room is live and already mailed.
  expect(await assistantHandsOff(roomId)).toBe(false);
  // A second room of bea's, handed off after: once its notification shows, ann's events were all applied.
  const beaRoom = await visitorRoom(bea.domainId);
  expect(await assistantHandsOff(beaRoom)).toBe(true);
  await eventually(async () => expect(await liveSupportOf(bea.client)).toHaveLength(1), 20_000);
  await eventually(
    async () => expect(await notifications.inbox(bea.registered.email)).toHaveLength(1),
    20_000,
  );

  expect(await liveSupportOf(ann.client)).toHaveLength(1);
  expect(await notifications.inbox(ann.registered.email)).toHaveLength(1);
  expect((await liveSupportOf(bea.client)).map((n) => n.roomId)).toEqual([beaRoom]);
});
