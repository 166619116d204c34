import { randomUUID } from 'node:crypto';
import { ConversationsEvent } from '@parley/contracts';
import { EventStore } from '@parley/eventstore';
import { eventually } from '@parley/testing';
import { agentOf, newOwner, refusal, type TestCaller } from '../test/conversations-client';
import { startHarness, type Harness } from '../test/harness';
import { hashKey } from './app/aggregates';

const DAY_MS = 24 * 60 * 60 * 1000;
const day = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);

type Visitor = { customerId: string; domainId: string; keyId: string };
type Listed = { id: string; roomId: string; domain: string; date: string; slot: string };

/**
 * Issues 10 and 11: every booking reaches the team's list, linked to the booking visitor's
 * conversation when there is one; an agent sees only the bookings of conversations shared with them.
 */
describe('conversations: the team’s bookings', () => {
  let h: Harness;
  let owner: TestCaller;
  let agent: TestCaller;
  let domainId: string;
  let domain: string;

  beforeAll(async () => {
    h = await startHarness();
    owner = newOwner();
    agent = agentOf(owner);
    domainId = await h.domains.added(owner.accountId);
    // The event is appended; the service's read model has it a moment later.
    domain = await eventually(async () => {
      const { rows } = await h.db.pool.query<{ domain: string }>(
        'SELECT domain FROM domains WHERE domain_id = $1',
        [domainId],
      );
      expect(rows).toHaveLength(1);
      return rows[0]!.domain;
    });
  }, 60_000);
  afterAll(() => h?.stop());

  const book = (visitor: Visitor, date: string, slot: string, more: object = {}) =>
    h.call('BookAppointment', { visitor, date, slot, email: 'vera@example.com', name: 'Vera', ...more });
  const list = (caller: TestCaller, query: object = {}) =>
    h.call('ListBookings', { caller, domainId, ...query }) as Promise<{
      bookings: Listed[];
      total: number;
      page: number;
      pageSize: number;
    }>;
  const say = async (visitor: Visitor, content: string): Promise<string> =>
    (await h.call('PostVisitorMessage', { visitor, content, clientId: '' })).room.id;

  it('links a booking made without chatting to the visitor’s conversation once they write, and one made in a chat at once', async () => {
    // From the Home tab, never having chatted: no conversation yet.
    const home = await h.newVisitor(domainId);
    const fromHome = await book(home.visitor, day(2), '9:00am');
    const store = new EventStore(h.nc, { context: 'conversations', namespace: h.namespace });
    const recorded = await store.load(store.subject('slot', hashKey(domainId, day(2), '9:00am')));
    expect(recorded.events).toMatchObject([
      {
        type: ConversationsEvent.AppointmentBooked,
        data: { bookingId: fromHome.id, accountId: owner.accountId, sharedWith: [] },
      },
    ]);
    await eventually(async () =>
      expect((await list(owner)).bookings.find((b) => b.id === fromHome.id)).toMatchObject({
        roomId: '',
        domain,
      }),
    );
    // Inside a chat: linked to it.
    const chatting = await h.newVisitor(domainId);
    const room = await say(chatting.visitor, 'Can I book a fitting?');
    const inChat = await book(chatting.visitor, day(2), '10:00am');
    await eventually(async () =>
      expect((await list(owner)).bookings.find((b) => b.id === inChat.id)).toMatchObject({ roomId: room }),
    );
    // The home visitor writes later: their booking now shows that conversation.
    const later = await say(home.visitor, 'About my booking');
    await eventually(async () =>
      expect((await list(owner)).bookings.find((b) => b.id === fromHome.id)).toMatchObject({ roomId: later }),
    );
    expect(
      (await h.call('GetRoomCustomer', { caller: owner, roomId: later })).bookings.map((b: Listed) => b.id),
    ).toEqual([fromHome.id]);
  });

  it('shows an agent only the bookings of conversations shared with them', async () => {
    const shared = await h.newVisitor(domainId);
    const sharedRoom = await say(shared.visitor, 'Hello');
    const other = await h.newVisitor(domainId);
    const otherRoom = await say(other.visitor, 'Hello');
    const anonymous = await h.newVisitor(domainId);
    await h.call('ShareRoom', { caller: owner, roomId: sharedRoom, memberId: agent.userId });
    const mine = await book(shared.visitor, day(3), '9:00am');
    const notMine = await book(other.visitor, day(3), '10:00am');
    const noRoom = await book(anonymous.visitor, day(3), '11:00am');

    await eventually(async () => {
      const seen = (await list(agent)).bookings.map((b) => b.id);
      expect(seen).toEqual([mine.id]);
      const all = (await list(owner)).bookings.map((b) => b.id);
      expect(all).toEqual(expect.arrayContaining([mine.id, notMine.id, noRoom.id]));
    });
    // The insights panel of a shared room shows its bookings; a room not shared is refused.
    const detail = await h.call('GetRoomCustomer', { caller: agent, roomId: sharedRoom });
    expect(detail.bookings.map((b: Listed) => b.id)).toEqual([mine.id]);
    expect(await refusal(h.call('GetRoomCustomer', { caller: agent, roomId: otherRoom }))).toMatchObject({
      code: 'NO_ROOM_ACCESS',
    });
    // Unshared: gone from the agent's list.
    await h.call('UnshareRoom', { caller: owner, roomId: sharedRoom, memberId: agent.userId });
    await eventually(async () => expect((await list(agent)).bookings).toEqual([]));
    // An admin sees what the owner sees; another account nothing.
    const admin = { ...agentOf(owner), role: 'ADMIN' as const };
    expect((await list(admin)).total).toBe((await list(owner)).total);
    expect(await h.call('ListBookings', { caller: newOwner(), domainId: '' })).toMatchObject({
      bookings: [],
      total: 0,
    });
  });

  it('pages, orders, filters by domain and period, and refuses a bad query', async () => {
    const second = await h.domains.added(owner.accountId);
    const visitor = (await h.newVisitor(second)).visitor;
    const slots = ['9:00am', '10:00am', '11:00am', '12:00pm', '1:00pm'];
    const booked: string[] = [];
    for (const slot of slots) booked.push((await book(visitor, day(5), slot)).id);
    const tomorrow = (await book(visitor, day(1), '4:00pm')).id;
    const today = (await book(visitor, day(0), '4:00pm')).id;

    const query = { domainId: second };
    await eventually(async () => expect((await list(owner, query)).total).toBe(7));
    const first = await list(owner, { ...query, pageSize: 3 });
    expect(first).toMatchObject({ total: 7, page: 1, pageSize: 3 });
    expect(first.bookings.map((b) => b.id)).toEqual([booked[4], booked[3], booked[2]]);
    const third = await list(owner, { ...query, pageSize: 3, page: 3 });
    expect(third.bookings.map((b) => b.id)).toEqual([today]);
    expect((await list(owner, { ...query, pageSize: 3, page: 4 })).bookings).toEqual([]);
    expect(
      (await list(owner, { ...query, sort: 'date_asc', pageSize: 2 })).bookings.map((b) => b.id),
    ).toEqual([today, tomorrow]);
    expect(
      (await list(owner, { ...query, sort: 'booked_desc', pageSize: 1 })).bookings.map((b) => b.id),
    ).toEqual([today]);
    // Upcoming is today on; nothing of this domain is in the past.
    expect((await list(owner, { ...query, when: 'upcoming' })).total).toBe(7);
    expect((await list(owner, { ...query, when: 'past' })).total).toBe(0);
    // Another domain's bookings are not in this domain's list; every domain's are in the whole list.
    expect((await list(owner)).bookings.map((b) => b.id)).not.toContain(today);
    expect((await list(owner, { domainId: '', pageSize: 100 })).bookings.map((b) => b.id)).toContain(today);
    expect((await list(owner, { domainId: randomUUID() })).total).toBe(0);

    const refused: [object, string][] = [
      [{ sort: 'name' }, 'sort'],
      [{ when: 'soon' }, 'when'],
      [{ page: -1 }, 'page'],
      [{ page: 1001 }, 'page'],
      [{ pageSize: 101 }, 'pageSize'],
    ];
    for (const [bad, field] of refused) {
      const e = await refusal(list(owner, bad));
      expect(e.kind).toBe('validation');
      expect(e.fields[0]?.field).toBe(field);
    }
  });
});
