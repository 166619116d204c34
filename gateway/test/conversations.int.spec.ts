import { randomUUID } from 'node:crypto';
import { LIVE_SUPPORT_ENABLED_TEXT } from '@parley/contracts';
import {
  agentOf,
  eventually,
  ownerWithDomain,
  startConversationsWorld,
  visitorOf,
  type ConversationsWorld,
  type SignedInOwner,
} from './support/conversations';
import type { GatewayClient } from './support/http-client';
import { eventually as waitFor, openSocket, recordAll, subscribe } from './support/sockets';

let world: ConversationsWorld;
let owner: SignedInOwner;
let ownerB: SignedInOwner;

beforeAll(async () => {
  world = await startConversationsWorld();
  [owner, ownerB] = await Promise.all([ownerWithDomain(world), ownerWithDomain(world)]);
}, 180_000);

afterAll(async () => {
  await world?.dispose();
});

/** A visitor of the domain who wrote `content`; resolves with the new room's id. */
async function roomWith(
  domainId: string,
  content = 'Hello, is anyone there?',
): Promise<{
  roomId: string;
  visitor: GatewayClient;
}> {
  const { client } = await visitorOf(world, domainId);
  const res = await client.post('/api/widget/messages', { content });
  expect(res.status).toBe(201);
  return { roomId: res.body.data.roomId, visitor: client };
}

const listIds = async (client: GatewayClient, query = '') => {
  const res = await client.get(`/api/conversations${query}`);
  expect(res.status).toBe(200);
  return (res.body.data as Array<{ id: string }>).map((r) => r.id);
};

describe('the owner’s conversations', () => {
  it('lists rooms with their last message, unread until seen, and by filter and domain', async () => {
    const { roomId } = await roomWith(owner.domainId, 'Where is my order?');
    let list = await owner.client.get('/api/conversations');
    await eventually(async () => {
      list = await owner.client.get('/api/conversations');
      expect(list.body.data.map((r: { id: string }) => r.id)).toContain(roomId);
    });
    expect(list.headers.get('cache-control')).toBe('no-store');
    const row = (list.body.data as Array<Record<string, unknown>>).find((r) => r.id === roomId);
    expect(row).toMatchObject({
      id: roomId,
      domainId: owner.domainId,
      domain: expect.stringContaining('.example.com'),
      customerEmail: null,
      live: false,
      sharedWith: [],
      unread: true,
      messageCount: 1,
      lastMessage: { role: 'user', content: 'Where is my order?', products: [] },
    });
    expect(await listIds(owner.client, '?filter=unread')).toContain(roomId);
    expect(await listIds(owner.client, `?domainId=${owner.domainId}`)).toContain(roomId);
    expect(await listIds(owner.client, `?domainId=${randomUUID()}`)).not.toContain(roomId);

    expect((await owner.client.post(`/api/conversations/${roomId}/seen`)).status).toBe(204);
    await eventually(async () => {
      expect(await listIds(owner.client, '?filter=unread')).not.toContain(roomId);
    });
    const seen = (await owner.client.get('/api/conversations')).body.data.find(
      (r: { id: string }) => r.id === roomId,
    );
    expect(seen.unread).toBe(false);

    const bad = await owner.client.get('/api/conversations?filter=archived');
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('filter must be one of all, unread, live, shared');
  });

  it('answers the list in pages: limit rooms and a nextCursor, null on the last page; refuses a bad limit or cursor', async () => {
    const fresh = await ownerWithDomain(world);
    const rooms: string[] = [];
    for (let i = 0; i < 3; i++) rooms.push((await roomWith(fresh.domainId, `Question ${i}`)).roomId);
    await eventually(async () => expect(await listIds(fresh.client)).toHaveLength(3));

    const first = await fresh.client.get('/api/conversations?limit=2');
    expect(first.status).toBe(200);
    expect(first.body.data).toHaveLength(2);
    expect(typeof first.body.nextCursor).toBe('string');
    const second = await fresh.client.get(
      `/api/conversations?limit=2&cursor=${encodeURIComponent(first.body.nextCursor)}`,
    );
    expect(second.body).toMatchObject({ nextCursor: null });
    const ids = [...first.body.data, ...second.body.data].map((r: { id: string }) => r.id);
    expect(ids).toEqual([...rooms].reverse());
    // Without a limit: the first 50, here all three, and no further page.
    expect((await fresh.client.get('/api/conversations')).body.nextCursor).toBeNull();
    // Another owner's list after this owner's cursor: none of this owner's rooms.
    const foreign = await ownerB.client.get(`/api/conversations?limit=200&cursor=${first.body.nextCursor}`);
    expect(foreign.status).toBe(200);
    expect(foreign.body.data.filter((r: { id: string }) => rooms.includes(r.id))).toEqual([]);

    // One row on its own (a chat opened by its link, older than the pages loaded); 404 elsewhere.
    const one = await fresh.client.get(`/api/conversations/${rooms[0]}`);
    expect([one.status, one.headers.get('cache-control')]).toEqual([200, 'no-store']);
    expect(one.body.data).toEqual(second.body.data.at(-1));
    expect((await ownerB.client.get(`/api/conversations/${rooms[0]}`)).status).toBe(404);

    for (const query of ['limit=0', 'limit=201', 'limit=ten', 'limit=1.5']) {
      const res = await fresh.client.get(`/api/conversations?${query}`);
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({
        message: 'limit must be a whole number from 1 to 200',
        fields: [{ field: 'limit', message: 'limit must be a whole number from 1 to 200' }],
      });
    }
    // Refused by the gateway (not base64url) and by conversations (base64url, but not its cursor).
    for (const cursor of ['a%20b', 'x'.repeat(501), Buffer.from('{"t":1}').toString('base64url')]) {
      const res = await fresh.client.get(`/api/conversations?cursor=${cursor}`);
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({
        message: 'Invalid cursor',
        fields: [{ field: 'cursor', message: 'Invalid cursor' }],
      });
    }
  });

  it('answers the messages in the spec’s shape, top level and never cached', async () => {
    const { roomId } = await roomWith(owner.domainId, 'I need help');
    let res = await owner.client.get(`/api/conversations/${roomId}/messages?include_bot=true`);
    await eventually(async () => {
      res = await owner.client.get(`/api/conversations/${roomId}/messages?include_bot=true`);
      expect(res.body.messages).toHaveLength(1);
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body).toEqual({
      messages: [
        {
          id: expect.any(String),
          message: 'I need help',
          role: 'user',
          createdAt: expect.any(String),
          seen: false,
          isNote: false,
          noteType: null,
          link: null,
          products: [],
          clientId: null,
        },
      ],
      live: false,
      customerEmail: null,
    });
  });

  it('shows a message’s time in the list and the room as the post was answered with, ISO 8601 in UTC', async () => {
    // The read model formats its times in PostgreSQL; the post's answer comes from the aggregate.
    const { client } = await visitorOf(world, owner.domainId);
    const posted = await client.post('/api/widget/messages', { content: 'What time is it?' });
    expect(posted.status).toBe(201);
    const { roomId, message } = posted.body.data as { roomId: string; message: { createdAt: string } };
    const iso = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
    expect(message.createdAt).toMatch(iso);
    await eventually(async () => {
      expect(await listIds(owner.client)).toContain(roomId);
    });
    const row = (await owner.client.get('/api/conversations')).body.data.find(
      (r: { id: string }) => r.id === roomId,
    );
    expect(row.lastMessage.createdAt).toBe(message.createdAt);
    expect(row.createdAt).toMatch(iso);
    expect(row.updatedAt).toMatch(iso);
    expect(Date.parse(row.updatedAt)).toBeGreaterThanOrEqual(Date.parse(row.createdAt));
    const messages = await owner.client.get(`/api/conversations/${roomId}/messages`);
    expect(messages.body.messages.map((m: { createdAt: string }) => m.createdAt)).toEqual([
      message.createdAt,
    ]);
  });

  it('leaves the bot’s replies out with include_bot=false', async () => {
    const { roomId } = await roomWith(owner.domainId, 'Do you have blue mugs?');
    await world.conversations.call('postBotMessage', { roomId, content: 'Yes, in three sizes' });
    const texts = async (query: string) =>
      (await owner.client.get(`/api/conversations/${roomId}/messages${query}`)).body.messages.map(
        (m: { message: string }) => m.message,
      );
    await eventually(async () =>
      expect(await texts('?include_bot=true')).toEqual(['Do you have blue mugs?', 'Yes, in three sizes']),
    );
    expect(await texts('')).toEqual(['Do you have blue mugs?', 'Yes, in three sizes']);
    expect(await texts('?include_bot=false')).toEqual(['Do you have blue mugs?']);
  });

  it('replies as the team member, writes notes, turns live on and off', async () => {
    const { roomId, visitor } = await roomWith(owner.domainId);
    const product = await owner.client.post('/api/products', {
      domainId: owner.domainId,
      name: 'Mug',
      price: 12,
      productType: 'Kitchen',
      description: 'A mug',
    });
    const clientId = randomUUID();
    const reply = await owner.client.post(`/api/conversations/${roomId}/messages`, {
      content: 'Happy to help',
      productIds: [product.body.data.id],
      link: 'https://shop.example.com/help',
      clientId,
    });
    expect(reply.status).toBe(201);
    expect(reply.body.data).toMatchObject({
      message: 'Happy to help',
      role: 'assistant',
      teamMemberId: owner.user.id,
      teamMemberName: owner.user.fullname,
      isNote: false,
      noteType: null,
      link: 'https://shop.example.com/help',
      clientId,
      products: [
        { id: product.body.data.id, name: 'Mug', price: 12, hasDiscount: false, discountedPrice: null },
      ],
    });

    const note = await owner.client.post(`/api/conversations/${roomId}/messages`, {
      content: 'Handing over to sales',
      isNote: true,
      noteType: 'transfer',
    });
    expect(note.body.data).toMatchObject({ isNote: true, noteType: 'transfer' });
    const internal = await owner.client.post(`/api/conversations/${roomId}/messages`, {
      content: 'VIP',
      isNote: true,
    });
    expect(internal.body.data).toMatchObject({ isNote: true, noteType: 'internal' });

    const live = await owner.client.post(`/api/conversations/${roomId}/live`, { live: true });
    expect(live.status).toBe(200);
    expect(live.body.data).toMatchObject({ id: roomId, live: true });
    await eventually(async () => {
      const messages = await owner.client.get(`/api/conversations/${roomId}/messages`);
      expect(messages.body.live).toBe(true);
      expect(messages.body.messages.map((m: { message: string }) => m.message)).toEqual([
        'Hello, is anyone there?',
        'Happy to help',
        'Handing over to sales',
        'VIP',
        LIVE_SUPPORT_ENABLED_TEXT,
      ]);
    });
    await eventually(async () => expect(await listIds(owner.client, '?filter=live')).toContain(roomId));
    const chat = await visitor.get('/api/widget/chat');
    expect(chat.body.data.room.live).toBe(true);
    expect(JSON.stringify(chat.body)).not.toContain('VIP');

    const off = await owner.client.post(`/api/conversations/${roomId}/live`, { live: false });
    expect(off.body.data.live).toBe(false);
    await eventually(async () => expect(await listIds(owner.client, '?filter=live')).not.toContain(roomId));

    for (const [body, message] of [
      [{ content: ' ' }, 'Empty message'],
      [{ content: 'x'.repeat(4001) }, 'Message is too long'],
      [{ content: 'hi', isNote: true, noteType: 'secret' }, 'noteType must be one of internal, transfer'],
    ] as const) {
      const res = await owner.client.post(`/api/conversations/${roomId}/messages`, body);
      expect([res.status, res.body.error.message]).toEqual([400, message]);
    }
    const badLive = await owner.client.post(`/api/conversations/${roomId}/live`, { live: 'yes' });
    expect(badLive.body.error.message).toBe('live must be true or false');
  });

  it('shows the customer behind a room with answers and bookings, and the account’s bookings', async () => {
    const { client } = await visitorOf(world, owner.domainId);
    const posted = await client.post('/api/widget/messages', { content: 'Can I book?' });
    const roomId = posted.body.data.roomId;
    await client.post('/api/widget/email', { email: 'customer@example.com' });
    const date = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
    const booked = await client.post('/api/widget/bookings', {
      date,
      slot: '2:00pm',
      email: 'customer@example.com',
      name: 'Cleo',
    });
    expect(booked.status).toBe(200);

    await eventually(async () => {
      const customer = await owner.client.get(`/api/conversations/${roomId}/customer`);
      expect(customer.body.data).toMatchObject({
        email: 'customer@example.com',
        answers: [],
        bookings: [{ date, slot: '2:00pm', name: 'Cleo', appointmentName: 'Discovery Call' }],
      });
      const messages = await owner.client.get(`/api/conversations/${roomId}/messages`);
      expect(messages.body.customerEmail).toBe('customer@example.com');
      const bookings = await owner.client.get(`/api/bookings?domainId=${owner.domainId}`);
      expect(bookings.body.data).toContainEqual(expect.objectContaining({ id: booked.body.data.id }));
    });
    const others = await ownerB.client.get('/api/bookings');
    expect(others.body).toEqual({ data: [], total: 0, page: 1, pageSize: 20 });
  });

  it('records team activity, announces it on the room’s presence channel and shows who is active in the room', async () => {
    const { roomId } = await roomWith(owner.domainId);
    expect((await owner.client.get(`/api/conversations/${roomId}/team-access`)).body).toEqual({
      hasAccess: true,
    });
    const socket = await openSocket(world.gateway.url, owner.client.cookie('parley_at')!.value);
    try {
      const received = recordAll(socket);
      expect(await subscribe(socket, `${roomId}-presence`)).toMatchObject({ ok: true });
      expect((await owner.client.post(`/api/conversations/${roomId}/team-activity`)).status).toBe(204);
      await waitFor(() => received.length > 0, 'team-member-active');
      expect(received[0]).toMatchObject({
        event: 'team-member-active',
        envelope: {
          channel: `${roomId}-presence`,
          data: { roomId, memberId: owner.user.id, memberName: owner.user.fullname },
        },
      });
    } finally {
      socket.disconnect();
    }
    const presence = await owner.client.get(`/api/conversations/${roomId}/presence`);
    expect(presence.body.data).toEqual([
      { id: owner.user.id, name: owner.user.fullname, lastActive: expect.any(String) },
    ]);
    expect(Date.now() - Date.parse(presence.body.data[0].lastActive)).toBeLessThan(60_000);
  });
});

describe('tenancy and sharing', () => {
  it('another owner gets 404 for every room of this account, and has no access', async () => {
    const { roomId } = await roomWith(owner.domainId);
    for (const [method, path, body] of [
      ['GET', `/api/conversations/${roomId}/messages`],
      ['POST', `/api/conversations/${roomId}/messages`, { content: 'hi' }],
      ['POST', `/api/conversations/${roomId}/live`, { live: true }],
      ['POST', `/api/conversations/${roomId}/seen`],
      ['GET', `/api/conversations/${roomId}/customer`],
      ['GET', `/api/conversations/${roomId}/presence`],
      ['POST', `/api/conversations/${roomId}/team-activity`],
    ] as const) {
      const res = await ownerB.client.request(method, path, body ? { json: body } : {});
      expect([method, path, res.status]).toEqual([method, path, 404]);
    }
    expect((await ownerB.client.get(`/api/conversations/${roomId}/team-access`)).body).toEqual({
      hasAccess: false,
    });
    expect(await listIds(ownerB.client)).not.toContain(roomId);
  });

  it('an agent reaches only rooms shared with them: 403 NO_ROOM_ACCESS before, full access after, 403 again after unsharing', async () => {
    const { roomId } = await roomWith(owner.domainId, 'For the agent');
    const agent = await agentOf(world, owner.user);

    const refused = await agent.client.get(`/api/conversations/${roomId}/messages`);
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('NO_ROOM_ACCESS');
    const refusedPost = await agent.client.post(`/api/conversations/${roomId}/messages`, { content: 'hi' });
    expect(refusedPost.status).toBe(403);
    expect((await agent.client.get(`/api/conversations/${roomId}/team-access`)).body).toEqual({
      hasAccess: false,
    });
    expect(await listIds(agent.client)).not.toContain(roomId);

    // Only an agent of the owner's own account can be given the room.
    for (const memberId of [ownerB.user.id, randomUUID(), owner.user.id]) {
      const res = await owner.client.post(`/api/conversations/${roomId}/share`, { memberId });
      expect([memberId, res.status, res.body.error?.code]).toEqual([memberId, 404, 'MEMBER_NOT_FOUND']);
    }
    // Agents do not share.
    const byAgent = await agent.client.post(`/api/conversations/${roomId}/share`, {
      memberId: agent.user.id,
    });
    expect(byAgent.status).toBe(403);

    const shared = await owner.client.post(`/api/conversations/${roomId}/share`, { memberId: agent.user.id });
    expect(shared.status).toBe(200);
    expect(shared.body.data.sharedWith).toEqual([agent.user.id]);
    await eventually(async () => {
      expect(await listIds(owner.client, '?filter=shared')).toContain(roomId);
      expect(await listIds(agent.client)).toEqual([roomId]);
    });
    const messages = await agent.client.get(`/api/conversations/${roomId}/messages`);
    expect(messages.status).toBe(200);
    const reply = await agent.client.post(`/api/conversations/${roomId}/messages`, { content: 'Agent here' });
    expect(reply.body.data).toMatchObject({ teamMemberId: agent.user.id, teamMemberName: 'Grace Hopper' });

    expect((await agent.client.post(`/api/conversations/${roomId}/team-activity`)).status).toBe(204);
    expect((await owner.client.post(`/api/conversations/${roomId}/team-activity`)).status).toBe(204);
    const presence = await owner.client.get(`/api/conversations/${roomId}/presence`);
    expect(presence.body.data.map((p: { id: string }) => p.id).sort()).toEqual(
      [owner.user.id, agent.user.id].sort(),
    );

    const unshared = await owner.client.request(
      'DELETE',
      `/api/conversations/${roomId}/share/${agent.user.id}`,
    );
    expect(unshared.status).toBe(200);
    expect(unshared.body.data.sharedWith).toEqual([]);
    await eventually(async () => expect(await listIds(agent.client)).toEqual([]));
    expect((await agent.client.get(`/api/conversations/${roomId}/messages`)).status).toBe(403);

    const missing = await owner.client.post(`/api/conversations/${roomId}/share`, {});
    expect(missing.body.error.message).toBe('Choose a team member');

    // A removed member is no longer on the team: the room cannot be given to them.
    const removed = await owner.client.request('DELETE', `/api/team/members/${agent.user.id}`);
    expect(removed.status).toBe(204);
    const toRemoved = await owner.client.post(`/api/conversations/${roomId}/share`, {
      memberId: agent.user.id,
    });
    expect([toRemoved.status, toRemoved.body.error.code]).toEqual([404, 'MEMBER_NOT_FOUND']);
  });

  it('refuses team routes without a session, and with a visitor token', async () => {
    const { roomId } = await roomWith(owner.domainId);
    const { session } = await visitorOf(world, owner.domainId);
    const anonymous = world.stack.client({ gateway: world.gateway });
    expect((await anonymous.get('/api/conversations')).status).toBe(401);
    anonymous.bearer = session.token;
    expect((await anonymous.get(`/api/conversations/${roomId}/messages`)).status).toBe(401);
    expect((await anonymous.get('/api/bookings')).status).toBe(401);
  });
});
