import { ROOMS_PAGE_SIZE } from '@parley/contracts';
import { eventually } from '@parley/testing';
import { agentOf, newOwner, refusal, type TestCaller } from '../test/conversations-client';
import { startHarness, type Harness } from '../test/harness';

type Listed = { id: string; domainId: string; live: boolean; sharedWith: string[] };
type Page = { rooms: Listed[]; nextCursor: string };

/**
 * The team's conversation list in pages: keyset pages over (updated_at, last_position, room id)
 * that together are the whole list in order, within the caller's account, scope and filter.
 */
describe('conversations: the room list in pages', () => {
  let h: Harness;
  let owner: TestCaller;
  let agent: TestCaller;
  let otherOwner: TestCaller;
  let mainDomain: string;
  let secondDomain: string;
  let otherDomain: string;
  const roomsOf = new Map<string, string[]>();

  /** `count` visitors of `domainId` who wrote once, a few at a time (each is a new room). */
  async function openRooms(domainId: string, count: number): Promise<string[]> {
    const ids: string[] = [];
    for (let i = 0; i < count; i += 10) {
      const batch = Array.from({ length: Math.min(10, count - i) }, async () => {
        const { visitor } = await h.newVisitor(domainId);
        const posted = await h.call('PostVisitorMessage', { visitor, content: 'Hello', clientId: '' });
        return posted.room.id as string;
      });
      ids.push(...(await Promise.all(batch)));
    }
    return ids;
  }

  const list = (caller: TestCaller, query: object = {}) =>
    h.call('ListRooms', { caller, filter: 'all', ...query }) as Promise<Page>;

  /** Every page of a query, `limit` at a time; fails on a page of the wrong size. */
  async function allPages(caller: TestCaller, query: object, limit: number) {
    const pages: Listed[][] = [];
    let cursor = '';
    do {
      const page = await list(caller, { ...query, limit, cursor });
      pages.push(page.rooms);
      cursor = page.nextCursor;
      if (cursor) expect(page.rooms).toHaveLength(limit);
      expect(pages.length).toBeLessThan(1000);
    } while (cursor);
    return { pages, ids: pages.flat().map((r) => r.id) };
  }

  /** The list's order straight from the read model, for comparison. */
  async function expectedOrder(accountId: string, where = 'true', params: unknown[] = []) {
    const { rows } = await h.db.pool.query<{ room_id: string }>(
      `SELECT room_id FROM rooms WHERE account_id = $1 AND ${where}
        ORDER BY updated_at DESC, last_position DESC, room_id DESC`,
      [accountId, ...params],
    );
    return rows.map((r) => r.room_id);
  }

  beforeAll(async () => {
    h = await startHarness();
    owner = newOwner();
    agent = agentOf(owner);
    otherOwner = newOwner();
    mainDomain = await h.domains.added(owner.accountId);
    secondDomain = await h.domains.added(owner.accountId);
    otherDomain = await h.domains.added(otherOwner.accountId);
    roomsOf.set(mainDomain, await openRooms(mainDomain, 100));
    roomsOf.set(secondDomain, await openRooms(secondDomain, 30));
    roomsOf.set(otherDomain, await openRooms(otherDomain, 25));
    // The agent is given 60 of the owner's rooms, and 3 rooms are live.
    const main = roomsOf.get(mainDomain)!;
    for (const roomId of main.slice(0, 60)) {
      await h.call('ShareRoom', { caller: owner, roomId, memberId: agent.userId });
    }
    for (const roomId of main.slice(70, 73)) {
      await h.call('SetLiveMode', { caller: owner, roomId, live: true });
    }
    await eventually(async () => {
      const all = await list(owner, { limit: 200 });
      expect(all.rooms).toHaveLength(130);
      expect(all.rooms.filter((r) => r.sharedWith.length > 0)).toHaveLength(60);
      expect(all.rooms.filter((r) => r.live)).toHaveLength(3);
      expect((await list(otherOwner, { limit: 200 })).rooms).toHaveLength(25);
    }, 60_000);
    // Rooms of the same instant and position happen (two visitors in one microsecond); forty of
    // them here, so pages meet inside a run that only the room id orders.
    await h.db.pool.query(
      `UPDATE rooms SET updated_at = '2026-01-02T03:04:05.123456Z', last_position = 7
        WHERE room_id = ANY($1)`,
      [main.slice(20, 60)],
    );
  }, 180_000);
  afterAll(() => h?.stop());

  it('answers 50 rooms and a cursor when asked for no size', async () => {
    const first = await list(owner);
    expect(first.rooms).toHaveLength(ROOMS_PAGE_SIZE);
    expect(first.nextCursor).not.toBe('');
  });

  it('pages through every room of the account once, in the list’s order, for any page size', async () => {
    const expected = await expectedOrder(owner.accountId);
    expect(expected).toHaveLength(130);
    for (const limit of [1, 7, 25, 130, 200]) {
      const { pages, ids } = await allPages(owner, {}, limit);
      expect(ids).toEqual(expected);
      expect(new Set(ids).size).toBe(130);
      expect(pages).toHaveLength(Math.ceil(130 / limit));
    }
  });

  it('never shows another account’s room, even with a cursor written for the other account', async () => {
    const other = await allPages(otherOwner, {}, 10);
    expect(other.ids.sort()).toEqual([...roomsOf.get(otherDomain)!].sort());
    const mine = new Set(await expectedOrder(owner.accountId));
    expect(other.ids.filter((id) => mine.has(id))).toEqual([]);
    // A cursor is only a place in the order: another account's rooms stay out after it.
    const ownersPage = await list(owner, { limit: 10 });
    const afterIt = await list(otherOwner, { limit: 200, cursor: ownersPage.nextCursor });
    expect(afterIt.rooms.every((r) => r.domainId === otherDomain)).toBe(true);
  });

  it('pages an agent through the rooms shared with them only', async () => {
    const { ids } = await allPages(agent, {}, 25);
    expect(ids).toEqual(await expectedOrder(owner.accountId, '$2 = ANY(shared_with)', [agent.userId]));
    expect(ids).toHaveLength(60);
  });

  it('pages within a domain and a filter', async () => {
    const second = await allPages(owner, { domainId: secondDomain }, 7);
    expect(second.ids).toEqual(await expectedOrder(owner.accountId, 'domain_id = $2', [secondDomain]));
    expect(second.ids).toHaveLength(30);

    const live = await allPages(owner, { filter: 'live' }, 2);
    expect(live.ids).toEqual(await expectedOrder(owner.accountId, 'live'));
    expect(live.ids).toHaveLength(3);

    const shared = await allPages(owner, { filter: 'shared', domainId: mainDomain }, 50);
    expect(shared.ids).toHaveLength(60);
    expect(shared.pages.map((p) => p.length)).toEqual([50, 10]);

    const unread = await allPages(owner, { filter: 'unread' }, 40);
    expect(unread.ids).toEqual(await expectedOrder(owner.accountId, 'unread'));
  });

  it('refuses a page size out of range and a cursor it did not write', async () => {
    for (const limit of [-1, 201]) {
      expect(await refusal(list(owner, { limit }))).toMatchObject({
        kind: 'validation',
        fields: [{ field: 'limit', message: 'limit must be a whole number from 1 to 200' }],
      });
    }
    const forged = Buffer.from(JSON.stringify({ t: 'soon', p: '1', id: 'x' })).toString('base64url');
    for (const cursor of ['not a cursor', 'eyJ0IjoxfQ', forged]) {
      expect(await refusal(list(owner, { cursor }))).toMatchObject({
        kind: 'validation',
        fields: [{ field: 'cursor', message: 'Invalid cursor' }],
      });
    }
  });
});
