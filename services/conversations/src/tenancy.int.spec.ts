import { randomUUID } from 'node:crypto';
import { agentOf, newOwner, refusal, type TestCaller } from '../test/conversations-client';
import { teamMemberRemoved } from '../test/identity-events';
import { eventually } from '@parley/testing';
import { startHarness, type Harness } from '../test/harness';

/** Who reaches which room: accounts, agents and sharing, visitors of other domains. */
describe('conversations: tenancy and sharing', () => {
  let h: Harness;
  let owner: TestCaller;
  let admin: TestCaller;
  let agent: TestCaller;
  let otherOwner: TestCaller;
  let domainId: string;
  let otherDomainId: string;

  beforeAll(async () => {
    h = await startHarness();
    owner = newOwner();
    admin = { userId: randomUUID(), role: 'ADMIN', accountId: owner.accountId };
    agent = agentOf(owner);
    otherOwner = newOwner();
    domainId = await h.domains.added(owner.accountId);
    otherDomainId = await h.domains.added(otherOwner.accountId);
  }, 60_000);
  afterAll(() => h?.stop());

  /** A visitor of `domain` who has written once; answers the room id and the visitor. */
  async function roomOf(domain: string) {
    const { visitor } = await h.newVisitor(domain);
    const posted = await h.call('PostVisitorMessage', { visitor, content: 'Hi there', clientId: '' });
    // Projected for the team before the test goes on.
    await eventually(() =>
      h.call('GetRoomMessages', { caller: ownerOf(domain), roomId: posted.room.id, includeBot: true }),
    );
    return { roomId: posted.room.id as string, visitor };
  }
  const ownerOf = (domain: string) => (domain === domainId ? owner : otherOwner);

  it('answers another account’s room as not found on every team call, and has_access false', async () => {
    const { roomId } = await roomOf(otherDomainId);
    const calls: [string, object][] = [
      ['GetRoomMessages', { roomId, includeBot: true }],
      ['GetRoom', { roomId }],
      ['PostTeamMessage', { roomId, content: 'Hello', memberName: 'X' }],
      ['SetLiveMode', { roomId, live: true }],
      ['MarkSeenByTeam', { roomId }],
      ['ShareRoom', { roomId, memberId: agent.userId }],
      ['UnshareRoom', { roomId, memberId: agent.userId }],
      ['GetRoomCustomer', { roomId }],
    ];
    for (const [method, request] of calls) {
      const e = await refusal(h.call(method, { caller: owner, ...request }));
      expect({ method, kind: e.kind, code: e.code }).toEqual({
        method,
        kind: 'not_found',
        code: 'ROOM_NOT_FOUND',
      });
    }
    expect(await h.call('CheckRoomAccess', { caller: owner, roomId })).toEqual({ hasAccess: false });
    expect(await h.call('CheckRoomAccess', { caller: owner, roomId: 'not-an-id' })).toEqual({
      hasAccess: false,
    });
    expect(await h.call('CheckRoomAccess', { caller: otherOwner, roomId })).toEqual({ hasAccess: true });
    const { rooms } = await h.call('ListRooms', { caller: owner, filter: 'all' });
    expect(rooms.map((r: { id: string }) => r.id)).not.toContain(roomId);
  });

  it('keeps an agent out of rooms not shared with them, and lets them in once shared', async () => {
    const { roomId } = await roomOf(domainId);
    const denied = await refusal(h.call('GetRoomMessages', { caller: agent, roomId, includeBot: true }));
    expect(denied).toMatchObject({ kind: 'forbidden', code: 'NO_ROOM_ACCESS' });
    const deniedRoom = await refusal(h.call('GetRoom', { caller: agent, roomId }));
    expect(deniedRoom).toMatchObject({ kind: 'forbidden', code: 'NO_ROOM_ACCESS' });
    const post = await refusal(h.call('PostTeamMessage', { caller: agent, roomId, content: 'Hi' }));
    expect(post).toMatchObject({ kind: 'forbidden', code: 'NO_ROOM_ACCESS' });
    expect(await h.call('CheckRoomAccess', { caller: agent, roomId })).toEqual({ hasAccess: false });
    expect((await h.call('ListRooms', { caller: agent, filter: 'all' })).rooms).toEqual([]);

    // Agents may not share; the owner and an admin may.
    const agentShare = await refusal(h.call('ShareRoom', { caller: agent, roomId, memberId: agent.userId }));
    expect(agentShare).toMatchObject({ kind: 'forbidden', code: 'NO_ROOM_ACCESS' });
    const shared = await h.call('ShareRoom', { caller: admin, roomId, memberId: agent.userId });
    expect(shared.sharedWith).toEqual([agent.userId]);

    expect(await h.call('CheckRoomAccess', { caller: agent, roomId })).toEqual({ hasAccess: true });
    // The row without its messages, straight from the room: shared, with its latest message.
    expect(await h.call('GetRoom', { caller: agent, roomId })).toMatchObject({
      id: roomId,
      sharedWith: [agent.userId],
      messageCount: 1,
      lastMessage: { content: 'Hi there' },
    });
    const reshare = await refusal(h.call('ShareRoom', { caller: agent, roomId, memberId: randomUUID() }));
    expect(reshare).toMatchObject({ kind: 'forbidden', code: 'OWNER_ONLY' });
    const reply = await h.call('PostTeamMessage', {
      caller: agent,
      roomId,
      content: 'On it',
      memberName: 'Ann Agent',
    });
    expect(reply.message).toMatchObject({ teamMemberId: agent.userId, teamMemberName: 'Ann Agent' });
    await eventually(async () => {
      const { rooms } = await h.call('ListRooms', { caller: agent, filter: 'shared' });
      expect(rooms.map((r: { id: string }) => r.id)).toEqual([roomId]);
      const owners = await h.call('ListRooms', { caller: owner, filter: 'shared' });
      expect(owners.rooms.map((r: { id: string }) => r.id)).toContain(roomId);
    });
    await h.call('GetRoomMessages', { caller: agent, roomId, includeBot: true });

    const unshared = await h.call('UnshareRoom', { caller: owner, roomId, memberId: agent.userId });
    expect(unshared.sharedWith).toEqual([]);
    const again = await refusal(h.call('SetLiveMode', { caller: agent, roomId, live: true }));
    expect(again).toMatchObject({ kind: 'forbidden', code: 'NO_ROOM_ACCESS' });
  });

  it('unshares the rooms of a member removed from the team', async () => {
    const member = agentOf(owner);
    const a = await roomOf(domainId);
    const b = await roomOf(domainId);
    await h.call('ShareRoom', { caller: owner, roomId: a.roomId, memberId: member.userId });
    await h.call('ShareRoom', { caller: owner, roomId: b.roomId, memberId: member.userId });
    await h.call('ShareRoom', { caller: owner, roomId: b.roomId, memberId: agent.userId });
    await eventually(async () => {
      const { rooms } = await h.call('ListRooms', { caller: member, filter: 'all' });
      expect(rooms).toHaveLength(2);
    });

    await teamMemberRemoved(h.nc, h.namespace, { accountId: owner.accountId, userId: member.userId });

    await eventually(async () => {
      expect(await h.call('CheckRoomAccess', { caller: member, roomId: a.roomId })).toEqual({
        hasAccess: false,
      });
      expect(await h.call('CheckRoomAccess', { caller: member, roomId: b.roomId })).toEqual({
        hasAccess: false,
      });
    });
    // Other members keep their shares.
    expect(await h.call('CheckRoomAccess', { caller: agent, roomId: b.roomId })).toEqual({ hasAccess: true });
  });

  it('lets a visitor reach only their own customer of their own domain', async () => {
    const mine = await roomOf(domainId);
    const theirs = await roomOf(otherDomainId);
    // Their customer id with my domain, and my customer id with their domain: nothing.
    for (const visitor of [
      { customerId: theirs.visitor.customerId, domainId, keyId: theirs.visitor.keyId },
      { customerId: theirs.visitor.customerId, domainId, keyId: mine.visitor.keyId },
      { customerId: mine.visitor.customerId, domainId, keyId: theirs.visitor.keyId },
      { customerId: mine.visitor.customerId, domainId: otherDomainId, keyId: mine.visitor.keyId },
      { customerId: randomUUID(), domainId, keyId: mine.visitor.keyId },
    ]) {
      const e = await refusal(h.call('GetVisitorChat', { visitor }));
      expect(e.kind).toBe('not_found');
      const p = await refusal(h.call('PostVisitorMessage', { visitor, content: 'hello', clientId: '' }));
      expect(p.kind).toBe('not_found');
    }
    const chat = await h.call('GetVisitorChat', { visitor: mine.visitor });
    expect(chat.room.id).toBe(mine.roomId);
    const none = await refusal(h.call('GetVisitorChat', {}));
    expect(none).toMatchObject({ kind: 'unauthenticated', code: 'NO_VISITOR' });
    // A visitor without its key's id has no known reach.
    const keyless = await refusal(
      h.call('GetVisitorChat', { visitor: { customerId: mine.visitor.customerId, domainId } }),
    );
    expect(keyless).toMatchObject({ kind: 'unauthenticated', code: 'NO_VISITOR' });
  });

  it('answers a missing room as not found and an unusable id too', async () => {
    for (const roomId of [randomUUID(), 'r.*', '']) {
      const e = await refusal(h.call('GetRoomMessages', { caller: owner, roomId, includeBot: true }));
      expect(e).toMatchObject({ kind: 'not_found' });
    }
  });
});
