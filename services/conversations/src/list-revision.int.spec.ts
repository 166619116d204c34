import { agentOf, newOwner, refusal, type TestCaller } from '../test/conversations-client';
import { startHarness, type Harness } from '../test/harness';

type Listed = {
  id: string;
  live: boolean;
  unread: boolean;
  customerEmail: string;
  sharedWith: string[];
  lastMessage: { content: string } | null;
};
type Answer = { rooms: Listed[]; nextCursor: string; revision: string; unchanged: boolean };

/**
 * ListRooms' revisions (migration 007): a caller that kept a page hears `unchanged` only while
 * nothing its account's list reads has been written since, whoever wrote it; every kind of change
 * the list shows moves the revision, read-your-writes included; another account's writes do not.
 */
describe('conversations: the room list revision', () => {
  let h: Harness;
  let owner: TestCaller;
  let agent: TestCaller;
  let other: TestCaller;
  let domainId: string;
  let otherDomainId: string;
  let roomId: string;
  let visitor: { customerId: string; domainId: string; keyId: string };

  const list = (caller: TestCaller, ifRevision = '') =>
    h.call('ListRooms', { caller, filter: 'all', ifRevision }) as Promise<Answer>;

  /** Runs a change, then expects the kept page refused and the new page to show `shows`. */
  async function expectChangeShown(
    change: () => Promise<unknown>,
    shows: (answer: Answer) => void,
    caller: TestCaller = owner,
  ) {
    const before = await list(caller);
    expect(before.revision).not.toBe('');
    await change();
    // No wait: the barrier makes the change visible to the next read.
    const after = await list(caller, before.revision);
    expect(after.unchanged).toBe(false);
    expect(after.revision).not.toBe(before.revision);
    shows(after);
    expect(await list(caller, after.revision)).toMatchObject({ unchanged: true, rooms: [] });
  }

  beforeAll(async () => {
    h = await startHarness();
    owner = newOwner();
    agent = agentOf(owner);
    other = newOwner();
    domainId = await h.domains.added(owner.accountId);
    otherDomainId = await h.domains.added(other.accountId);
    ({ visitor } = await h.newVisitor(domainId));
    const posted = await h.call('PostVisitorMessage', { visitor, content: 'Hello', clientId: '' });
    roomId = posted.room.id as string;
  });
  afterAll(async () => {
    await h?.stop();
  });

  it('names a full answer, and answers a repeat of it unchanged without rooms', async () => {
    const first = await list(owner);
    expect(first.unchanged).toBe(false);
    expect(first.rooms.map((r) => r.id)).toEqual([roomId]);
    expect(first.revision).toMatch(/^\d+\.\d+$/);
    const again = await list(owner, first.revision);
    expect(again).toMatchObject({ unchanged: true, rooms: [], nextCursor: '', revision: first.revision });
  });

  it('answers in full when the kept revision is not the current one', async () => {
    const current = await list(owner);
    for (const stale of ['1.1', `${current.revision}0`, 'x', ' ']) {
      const answer = await list(owner, stale);
      expect(answer.unchanged).toBe(false);
      expect(answer.rooms.map((r) => r.id)).toEqual([roomId]);
    }
  });

  it("never confirms one account's revision for another account", async () => {
    const mine = await list(owner);
    const theirs = await list(other, mine.revision);
    expect(theirs.unchanged).toBe(false);
    expect(theirs.rooms).toEqual([]);
    // Its own, from its domain's row.
    expect(theirs.revision).not.toBe('');
    expect(theirs.revision).not.toBe(mine.revision);
    // An account nothing was written for has none, and nothing of it can be kept.
    expect(await list(newOwner(), mine.revision)).toMatchObject({ unchanged: false, revision: '' });
  });

  it("is not moved by another account's writes", async () => {
    const mine = await list(owner);
    const { visitor: theirVisitor } = await h.newVisitor(otherDomainId);
    await h.call('PostVisitorMessage', { visitor: theirVisitor, content: 'Elsewhere', clientId: '' });
    const theirs = await list(other);
    expect(theirs.rooms).toHaveLength(1);
    expect(theirs.revision).not.toBe('');
    expect(await list(owner, mine.revision)).toMatchObject({ unchanged: true });
  });

  it("moves with a visitor's message", () =>
    expectChangeShown(
      () => h.call('PostVisitorMessage', { visitor, content: 'Are you there?', clientId: '' }),
      (a) => expect(a.rooms[0]?.lastMessage?.content).toBe('Are you there?'),
    ));

  it("moves with the team's reply and with the room being seen", async () => {
    await expectChangeShown(
      () => h.call('PostTeamMessage', { caller: owner, roomId, content: 'Yes!', memberName: 'Ann' }),
      (a) => expect(a.rooms[0]?.lastMessage?.content).toBe('Yes!'),
    );
    await h.call('PostVisitorMessage', { visitor, content: 'Great', clientId: '' });
    expect((await list(owner)).rooms[0]?.unread).toBe(true);
    await expectChangeShown(
      () => h.call('MarkSeenByTeam', { caller: owner, roomId }),
      (a) => expect(a.rooms[0]?.unread).toBe(false),
    );
  });

  it('moves with live mode, a share (for the agent too) and the visitor’s email', async () => {
    await expectChangeShown(
      () => h.call('SetLiveMode', { caller: owner, roomId, live: true }),
      (a) => expect(a.rooms[0]?.live).toBe(true),
    );
    await expectChangeShown(
      () => h.call('ShareRoom', { caller: owner, roomId, memberId: agent.userId }),
      (a) => expect(a.rooms.map((r) => r.id)).toEqual([roomId]),
      agent,
    );
    await expectChangeShown(
      () => h.call('SetVisitorEmail', { visitor, email: 'rev@example.com' }),
      (a) => expect(a.rooms[0]?.customerEmail).toBe('rev@example.com'),
    );
  });

  it("names a room's messages the same way, and checks access again once anything moved", async () => {
    const read = (caller: TestCaller, ifRevision = '') =>
      h.call('GetRoomMessages', { caller, roomId, includeBot: true, ifRevision }) as Promise<{
        messages: Array<{ content: string }>;
        revision: string;
        unchanged: boolean;
        room: { id: string } | null;
      }>;
    const first = await read(owner);
    expect(first.unchanged).toBe(false);
    expect(first.room?.id).toBe(roomId);
    expect(first.revision).toBe((await list(owner)).revision);
    expect(await read(owner, first.revision)).toMatchObject({ unchanged: true, messages: [], room: null });
    await h.call('PostVisitorMessage', { visitor, content: 'One more thing', clientId: '' });
    const second = await read(owner, first.revision);
    expect(second.unchanged).toBe(false);
    expect(second.messages.at(-1)?.content).toBe('One more thing');
    // The agent was given the room above; taken back, its kept answer is not confirmed.
    const agents = await read(agent);
    expect(agents.unchanged).toBe(false);
    await h.call('UnshareRoom', { caller: owner, roomId, memberId: agent.userId });
    const refused = await refusal(
      h.call('GetRoomMessages', { caller: agent, roomId, includeBot: true, ifRevision: agents.revision }),
    );
    expect(refused.code).toBe('NO_ROOM_ACCESS');
  });

  it("moves when the domain and its rooms are deleted (the domains service's events)", async () => {
    const before = await list(owner);
    await h.domains.deleted(owner.accountId, domainId);
    // Another stream than the barrier's: the deletion lands on its own projection's time.
    let after = await list(owner, before.revision);
    for (let i = 0; i < 100 && after.unchanged; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      after = await list(owner, before.revision);
    }
    expect(after).toMatchObject({ unchanged: false, rooms: [] });
    expect(after.revision).not.toBe(before.revision);
  });

  it('names nothing after a TRUNCATE of the read model (an operator rebuilding it)', async () => {
    const before = await list(other);
    expect(before.revision).not.toBe('');
    await h.db.pool.query('TRUNCATE messages');
    const after = await list(other, before.revision);
    expect(after.unchanged).toBe(false);
    expect(after.revision).toBe('');
  });
});
