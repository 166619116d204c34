import { randomUUID } from 'node:crypto';
import { eventually } from '@parley/testing';
import { agentOf, type TestCaller } from '../test/conversations-client';
import { startHarnessWithDomain, type Harness } from '../test/harness';

/**
 * ListRooms' rooms_json: the same rooms the field-by-field answer holds, in
 * the shape proto-loader hands a decoded message over (the gateway's views read either), over
 * every kind of field of a room and its last message: an email, an offline message, a shared room,
 * a live one, a bot reply with products and a checkout product, a note, the team's reply.
 */
describe('conversations: the room list as JSON', () => {
  let h: Harness;
  let owner: TestCaller;
  let domainId: string;

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
});
