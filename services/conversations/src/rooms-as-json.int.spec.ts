import { randomUUID } from 'node:crypto';
import { eventually } from '@parley/testing';
import { agentOf, type TestCaller } from '../test/conversations-client';
import { startHarnessWithDomain, type Harness } from '../test/harness';

/**
 * ListRooms' rooms_json and GetRoomMessages' messages_json: the same rooms and messages the
 * field-by-field answer holds, in the shape proto-loader hands a decoded message over (the
 * gateway's views read either), over every kind of field: an email, an offline message, a shared
 * room, a live one, a bot reply with products and a decision, a note, a room whose last message is
 * the team's. The list's JSON is PostgreSQL's, the messages' conversations' own.
 */
describe('conversations: rooms and messages as JSON', () => {
  let h: Harness;
  let owner: TestCaller;
  let domainId: string;
  const roomIds: string[] = [];

  const parsed = (json: Buffer) => JSON.parse(json.toString('utf8')) as unknown[];

  beforeAll(async () => {
    ({ h, owner, domainId } = await startHarnessWithDomain());
    for (let i = 0; i < 4; i++) {
      const { visitor } = await h.newVisitor(domainId);
      const posted = await h.call('PostVisitorMessage', {
        visitor,
        content: `Hello "${i}"\n\u00e9\u{1F600}\u0001`,
        clientId: `v${i}`,
        offline: i === 0,
      });
      roomIds.push(posted.room.id as string);
      if (i === 0) await h.call('SetVisitorEmail', { visitor, email: `json-${randomUUID()}@example.com` });
      if (i === 1) {
        await h.call('PostBotMessage', {
          roomId: posted.room.id,
          content: 'Here it is.',
          link: 'https://shop.example.com/p',
          productIds: ['p1', 'p2'],
          checkoutProductId: 'p1',
          clientId: posted.message.id,
          decisionJson: JSON.stringify({ engine: 'rules', score: 0.5, tags: ['a'], nested: { x: null } }),
        });
      }
      if (i === 2) {
        await h.call('ShareRoom', { caller: owner, roomId: posted.room.id, memberId: agentOf(owner).userId });
        await h.call('SetLiveMode', { caller: owner, roomId: posted.room.id, live: true });
        await h.call('PostTeamMessage', {
          caller: owner,
          roomId: posted.room.id,
          content: 'A note',
          isNote: true,
          noteType: 'internal',
        });
      }
      if (i === 3) {
        await h.call('PostTeamMessage', {
          caller: owner,
          roomId: posted.room.id,
          content: 'We do!',
          memberName: 'Olivia Owner',
          clientId: 't1',
        });
      }
    }
  }, 60_000);
  afterAll(() => h?.stop());

  it('lists the same rooms as JSON as field by field, and nothing field by field then', async () => {
    await eventually(async () => {
      const decoded = await h.call('ListRooms', { caller: owner, filter: 'all', domainId });
      expect(decoded.rooms).toHaveLength(4);
      expect(decoded.rooms.filter((r: { lastMessage: unknown }) => r.lastMessage)).toHaveLength(4);
      const asJson = await h.call('ListRooms', { caller: owner, filter: 'all', domainId, roomsAsJson: true });
      expect(asJson.rooms).toEqual([]);
      expect(parsed(asJson.roomsJson)).toEqual(decoded.rooms);
      expect(asJson.nextCursor).toBe(decoded.nextCursor);
    });
    // A page boundary: the cursor is the same either way.
    const first = await h.call('ListRooms', {
      caller: owner,
      filter: 'all',
      domainId,
      limit: 2,
      roomsAsJson: true,
    });
    expect(parsed(first.roomsJson)).toHaveLength(2);
    expect(first.nextCursor).not.toBe('');
    expect(first.nextCursor).toBe(
      (await h.call('ListRooms', { caller: owner, filter: 'all', domainId, limit: 2 })).nextCursor,
    );
    const none = await h.call('ListRooms', {
      caller: owner,
      filter: 'live',
      domainId: randomUUID(),
      roomsAsJson: true,
    });
    expect(parsed(none.roomsJson)).toEqual([]);
  });

  it('answers the same messages of each room as JSON as field by field', async () => {
    for (const roomId of roomIds) {
      for (const includeBot of [true, false]) {
        const decoded = await h.call('GetRoomMessages', { caller: owner, roomId, includeBot });
        const asJson = await h.call('GetRoomMessages', {
          caller: owner,
          roomId,
          includeBot,
          messagesAsJson: true,
        });
        expect(asJson.messages).toEqual([]);
        expect(parsed(asJson.messagesJson)).toEqual(decoded.messages);
        expect(asJson.room).toEqual(decoded.room);
      }
    }
    const offline = await h.call('GetRoomMessages', { caller: owner, roomId: roomIds[0], includeBot: true });
    expect(offline.messages[0].offline).toBe(true);
    const withBot = await h.call('GetRoomMessages', { caller: owner, roomId: roomIds[1], includeBot: true });
    expect(withBot.messages[1]).toMatchObject({ productIds: ['p1', 'p2'], checkoutProductId: 'p1' });
    expect(JSON.parse(withBot.messages[1].decisionJson)).toMatchObject({ engine: 'rules' });
  });
});
