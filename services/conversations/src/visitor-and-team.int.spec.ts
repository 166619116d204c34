import { randomUUID } from 'node:crypto';
import { EMPTY_MESSAGE, LIVE_SUPPORT_ENABLED_TEXT, MESSAGE_TOO_LONG } from '@parley/contracts';
import { EventStore } from '@parley/eventstore';
import { refusal, type TestCaller } from '../test/conversations-client';
import { eventually } from '@parley/testing';
import { startHarnessWithDomain, type Harness } from '../test/harness';
import { hashKey } from './app/aggregates';

/** The widget's and the dashboard's main flows over real gRPC. */
describe('conversations: visitor sessions, messages, live mode and seen', () => {
  let h: Harness;
  let owner: TestCaller;
  let domainId: string;

  beforeAll(async () => {
    ({ h, owner, domainId } = await startHarnessWithDomain());
  }, 60_000);
  afterAll(() => h?.stop());

  const openSession = (visitorKey = '') =>
    eventually(() => h.call('OpenVisitorSession', { domainId, visitorKey }));

  it('registers a new visitor with a key, resumes them with it, and a wrong key starts anew', async () => {
    const first = await openSession();
    expect(first).toMatchObject({ domainId, accountId: owner.accountId, roomId: '', email: '' });
    expect(first.visitorKey).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const again = await h.call('OpenVisitorSession', { domainId, visitorKey: first.visitorKey });
    expect(again).toMatchObject({ customerId: first.customerId, visitorKey: first.visitorKey });

    const other = await h.call('OpenVisitorSession', { domainId, visitorKey: 'x'.repeat(43) });
    expect(other.customerId).not.toBe(first.customerId);

    // Only the key's hash is stored: the key is in no event, its hash names the key's subject.
    const store = new EventStore(h.nc, { context: 'conversations', namespace: h.namespace });
    const byHash = await store.load(store.subject('visitorkey', hashKey(first.visitorKey)));
    expect(byHash.events).toHaveLength(1);
    const customer = await store.load(store.subject('customer', first.customerId));
    expect(JSON.stringify([byHash.events, customer.events])).not.toContain(first.visitorKey);
  });

  it('refuses a session on a domain that does not exist', async () => {
    const e = await refusal(h.call('OpenVisitorSession', { domainId: randomUUID(), visitorKey: '' }));
    expect(e).toMatchObject({ kind: 'not_found', code: 'DOMAIN_NOT_FOUND' });
  });

  it('opens the room with the first message, cleans the text, and answers a retried send with the same message', async () => {
    const session = await openSession();
    const visitor = { customerId: session.customerId, domainId, keyId: session.keyId };
    const before = await h.call('GetVisitorChat', { visitor });
    expect(before).toEqual({ room: null, messages: [] });

    const clientId = randomUUID();
    const posted = await h.call('PostVisitorMessage', {
      visitor,
      content: '  Hello <script>alert(1)</script>there <b>you</b>  ',
      clientId,
    });
    expect(posted.message).toMatchObject({
      role: 'user',
      content: 'Hello there <b>you</b>',
      clientId,
      isNote: false,
      seen: false,
    });
    expect(posted.room).toMatchObject({
      customerId: session.customerId,
      domainId,
      live: false,
      messageCount: 1,
    });
    expect(posted.room.id).toMatch(/^[0-9a-f-]{36}$/);

    const retried = await h.call('PostVisitorMessage', { visitor, content: 'Hello there', clientId });
    expect(retried.message.id).toBe(posted.message.id);
    expect(retried.room.messageCount).toBe(1);

    const chat = await h.call('GetVisitorChat', { visitor });
    expect(chat.room.id).toBe(posted.room.id);
    expect(chat.messages.map((m: { id: string }) => m.id)).toEqual([posted.message.id]);

    const resumed = await h.call('OpenVisitorSession', { domainId, visitorKey: session.visitorKey });
    expect(resumed.roomId).toBe(posted.room.id);
  });

  it('refuses empty and too long messages on the content field', async () => {
    const session = await openSession();
    const visitor = { customerId: session.customerId, domainId, keyId: session.keyId };
    for (const content of ['   ', '<script>x</script>']) {
      const e = await refusal(h.call('PostVisitorMessage', { visitor, content, clientId: '' }));
      expect(e).toMatchObject({ kind: 'validation', message: EMPTY_MESSAGE });
      expect(e.fields).toEqual([{ field: 'content', message: EMPTY_MESSAGE }]);
    }
    const e = await refusal(
      h.call('PostVisitorMessage', { visitor, content: 'a'.repeat(4001), clientId: '' }),
    );
    expect(e).toMatchObject({ kind: 'validation', message: MESSAGE_TOO_LONG });
    await h.call('PostVisitorMessage', { visitor, content: 'a'.repeat(4000), clientId: '' });
  });

  it('shows the room to the team, with unread, team replies, notes, live mode and seen', async () => {
    const session = await openSession();
    const visitor = { customerId: session.customerId, domainId, keyId: session.keyId };
    const first = await h.call('PostVisitorMessage', {
      visitor,
      content: 'Do you ship to Mars?',
      clientId: 'c1',
    });
    const roomId = first.room.id;

    const listed = await eventually(async () => {
      const { rooms } = await h.call('ListRooms', { caller: owner, filter: 'unread' });
      const room = rooms.find((r: { id: string }) => r.id === roomId);
      expect(room).toBeDefined();
      return room;
    });
    expect(listed).toMatchObject({
      domainId,
      customerId: session.customerId,
      unread: true,
      messageCount: 1,
      live: false,
      lastMessage: { content: 'Do you ship to Mars?', role: 'user' },
    });
    expect(listed.domain).toMatch(/\.example\.com$/);

    const reply = await h.call('PostTeamMessage', {
      caller: owner,
      roomId,
      content: 'We do!',
      memberName: 'Olivia Owner',
      clientId: 't1',
    });
    expect(reply.message).toMatchObject({
      role: 'assistant',
      content: 'We do!',
      teamMemberId: owner.userId,
      teamMemberName: 'Olivia Owner',
      isNote: false,
      clientId: 't1',
    });
    const note = await h.call('PostTeamMessage', {
      caller: owner,
      roomId,
      content: 'VIP customer',
      isNote: true,
      noteType: 'internal',
    });
    expect(note.message).toMatchObject({ isNote: true, noteType: 'internal' });
    const implicit = await h.call('PostTeamMessage', {
      caller: owner,
      roomId,
      content: '[Internal Note] call back tomorrow',
    });
    expect(implicit.message).toMatchObject({ isNote: true, noteType: 'internal' });
    const badNote = await refusal(
      h.call('PostTeamMessage', { caller: owner, roomId, content: 'x', isNote: true, noteType: 'secret' }),
    );
    expect(badNote.kind).toBe('validation');

    const live = await h.call('SetLiveMode', { caller: owner, roomId, live: true });
    expect(live).toMatchObject({
      id: roomId,
      live: true,
      lastMessage: { content: LIVE_SUPPORT_ENABLED_TEXT },
    });
    const again = await h.call('SetLiveMode', { caller: owner, roomId, live: true });
    expect(again.messageCount).toBe(live.messageCount);

    // The visitor never sees the note; the system message is there.
    const chat = await h.call('GetVisitorChat', { visitor });
    expect(chat.messages.map((m: { content: string }) => m.content)).toEqual([
      'Do you ship to Mars?',
      'We do!',
      LIVE_SUPPORT_ENABLED_TEXT,
    ]);
    expect(chat.room).toMatchObject({ live: true, sharedWith: [] });

    // The team reads everything, in order, once projected.
    const messages = await eventually(async () => {
      const r = await h.call('GetRoomMessages', { caller: owner, roomId, includeBot: true });
      expect(r.messages).toHaveLength(5);
      return r;
    });
    expect(messages.room).toMatchObject({ live: true });
    expect(messages.messages.map((m: { content: string }) => m.content)).toEqual([
      'Do you ship to Mars?',
      'We do!',
      'VIP customer',
      '[Internal Note] call back tomorrow',
      LIVE_SUPPORT_ENABLED_TEXT,
    ]);

    // A new customer message makes the room unread again; the team's seen clears it.
    await h.call('PostVisitorMessage', { visitor, content: 'Great, thanks', clientId: 'c2' });
    await eventually(async () => {
      const { rooms } = await h.call('ListRooms', { caller: owner, filter: 'unread' });
      expect(rooms.map((r: { id: string }) => r.id)).toContain(roomId);
    });
    // The assistant answering does not make it read: the team has not looked yet.
    await h.call('PostBotMessage', { roomId, content: 'Happy to help!', clientId: 'bot-c2' });
    await eventually(async () => {
      const r = await h.call('GetRoomMessages', { caller: owner, roomId, includeBot: true });
      expect(r.messages.at(-1).content).toBe('Happy to help!');
      const { rooms } = await h.call('ListRooms', { caller: owner, filter: 'unread' });
      expect(rooms.map((x: { id: string }) => x.id)).toContain(roomId);
      expect(rooms.find((x: { id: string }) => x.id === roomId).unread).toBe(true);
    });
    await h.call('MarkSeenByTeam', { caller: owner, roomId });
    await eventually(async () => {
      const { rooms } = await h.call('ListRooms', { caller: owner, filter: 'unread' });
      expect(rooms.map((r: { id: string }) => r.id)).not.toContain(roomId);
      const r = await h.call('GetRoomMessages', { caller: owner, roomId, includeBot: true });
      const customer = r.messages.filter((m: { role: string }) => m.role === 'user');
      expect(customer.every((m: { seen: boolean }) => m.seen)).toBe(true);
    });
    const { rooms: liveRooms } = await h.call('ListRooms', { caller: owner, filter: 'live' });
    expect(liveRooms.map((r: { id: string }) => r.id)).toContain(roomId);

    // The visitor's seen marks the team's messages.
    await h.call('MarkSeenByVisitor', { visitor });
    const seen = await h.call('GetVisitorChat', { visitor });
    expect(
      seen.messages
        .filter((m: { role: string }) => m.role === 'assistant')
        .every((m: { seen: boolean }) => m.seen),
    ).toBe(true);

    const off = await h.call('SetLiveMode', { caller: owner, roomId, live: false });
    expect(off.live).toBe(false);
  });

  it('does not resume a customer with a key of another domain', async () => {
    const session = await openSession();
    const otherDomain = await h.domains.added(owner.accountId);
    const elsewhere = await eventually(() =>
      h.call('OpenVisitorSession', { domainId: otherDomain, visitorKey: session.visitorKey }),
    );
    expect(elsewhere.customerId).not.toBe(session.customerId);
    expect(elsewhere.visitorKey).not.toBe(session.visitorKey);
  });

  it('lists rooms newest activity first, and by domain', async () => {
    const otherDomain = await h.domains.added(owner.accountId);
    const a = await openSession();
    const b = await eventually(() => h.call('OpenVisitorSession', { domainId: otherDomain, visitorKey: '' }));
    const va = { customerId: a.customerId, domainId, keyId: a.keyId };
    const vb = { customerId: b.customerId, domainId: otherDomain, keyId: b.keyId };
    const ra = (await h.call('PostVisitorMessage', { visitor: va, content: 'first', clientId: '' })).room.id;
    const rb = (await h.call('PostVisitorMessage', { visitor: vb, content: 'second', clientId: '' })).room.id;
    const order = async () =>
      (await h.call('ListRooms', { caller: owner, filter: 'all' })).rooms
        .map((r: { id: string }) => r.id)
        .filter((id: string) => id === ra || id === rb);
    await eventually(async () => expect(await order()).toEqual([rb, ra]));
    await h.call('PostVisitorMessage', { visitor: va, content: 'third', clientId: '' });
    await eventually(async () => expect(await order()).toEqual([ra, rb]));
    const { rooms } = await h.call('ListRooms', { caller: owner, filter: '', domainId: otherDomain });
    expect(rooms.map((r: { id: string }) => r.id)).toEqual([rb]);
  });

  it('reads its own writes: the list and a new room answer with every change made before them', async () => {
    for (let round = 0; round < 15; round++) {
      const session = await openSession();
      const visitor = { customerId: session.customerId, domainId, keyId: session.keyId };
      const { room } = await h.call('PostVisitorMessage', {
        visitor,
        content: `round ${round}`,
        clientId: `r${round}`,
      });
      // Right after the command, without waiting: the room's own page and the live list.
      const opened = await h.call('GetRoomMessages', { caller: owner, roomId: room.id, includeBot: true });
      expect(opened.messages.map((m: { content: string }) => m.content)).toEqual([`round ${round}`]);
      await h.call('SetLiveMode', { caller: owner, roomId: room.id, live: true });
      const { rooms: live } = await h.call('ListRooms', { caller: owner, filter: 'live' });
      expect(live.map((r: { id: string }) => r.id)).toContain(room.id);
      await h.call('SetLiveMode', { caller: owner, roomId: room.id, live: false });
      const { rooms: after } = await h.call('ListRooms', { caller: owner, filter: 'live' });
      expect(after.map((r: { id: string }) => r.id)).not.toContain(room.id);
    }
  });

  it('refuses an unknown filter', async () => {
    const e = await refusal(h.call('ListRooms', { caller: owner, filter: 'archived' }));
    expect(e).toMatchObject({ kind: 'validation' });
  });

  it('refuses a team call without a caller', async () => {
    const e = await refusal(h.call('ListRooms', { filter: 'all' }));
    expect(e).toMatchObject({ kind: 'unauthenticated', code: 'NO_CALLER' });
  });
});
