import type { Room } from './api';
import {
  isUnread,
  isUrgent,
  isUrgentAt,
  matchesScope,
  mergeRoomPatch,
  preview,
  shouldMarkSeen,
  sortRooms,
  upsertRoom,
} from './list';

const at = (iso: string) => new Date(iso).getTime();

function room(over: Partial<Room> & { id: string }, lastAt = '2026-03-10T10:00:00'): Room {
  return {
    domainId: 'd1',
    domain: 'shop.example.com',
    customerId: `c-${over.id}`,
    customerEmail: null,
    live: false,
    mailed: false,
    sharedWith: [],
    createdAt: '2026-03-10T09:00:00',
    updatedAt: lastAt,
    lastMessage: {
      id: `m-${over.id}`,
      role: 'user',
      content: 'hello',
      createdAt: lastAt,
      isNote: false,
      products: [],
      seen: false,
    },
    unread: true,
    messageCount: 1,
    ...over,
  } as Room;
}

describe('urgent: the last message is from today and under 2 hours old', () => {
  const now = at('2026-03-10T12:00:00');
  it.each([
    ['1 minute old', '2026-03-10T11:59:00', true],
    ['1 h 59 min old', '2026-03-10T10:01:00', true],
    ['exactly 2 hours old', '2026-03-10T10:00:00', false],
    ['3 hours old', '2026-03-10T09:00:00', false],
  ])('%s', (_, when, urgent) => expect(isUrgentAt(at(when), now)).toBe(urgent));

  it('is not urgent when under 2 hours old but from yesterday', () => {
    expect(isUrgentAt(at('2026-03-09T23:30:00'), at('2026-03-10T00:30:00'))).toBe(false);
  });
  it('a room without messages is never urgent', () => {
    expect(isUrgent(room({ id: 'r', lastMessage: null }), now)).toBe(false);
  });
});

describe('marking seen on open', () => {
  const now = at('2026-03-10T12:00:00');
  it('marks an unread urgent chat', () =>
    expect(shouldMarkSeen(room({ id: 'a' }, '2026-03-10T11:30:00'), now)).toBe(true));
  it('marks an unread chat from earlier today (recent)', () =>
    expect(shouldMarkSeen(room({ id: 'a' }, '2026-03-10T06:00:00'), now)).toBe(true));
  it('leaves an unread chat older than a day alone', () =>
    expect(shouldMarkSeen(room({ id: 'a' }, '2026-03-08T06:00:00'), now)).toBe(false));
  it('does nothing for a read chat', () =>
    expect(shouldMarkSeen(room({ id: 'a', unread: false }, '2026-03-10T11:30:00'), now)).toBe(false));
});

describe('filters', () => {
  const plain = room({ id: 'p', unread: false });
  const unread = room({ id: 'u' });
  const live = room({ id: 'l', live: true, unread: false });
  const shared = room({ id: 's', sharedWith: ['agent-1'], unread: false, domainId: 'd2' });
  const all = [plain, unread, live, shared];
  const ids = (f: Parameters<typeof matchesScope>[1]) =>
    all.filter((r) => matchesScope(r, f)).map((r) => r.id);

  it('all', () => expect(ids({ filter: 'all' })).toEqual(['p', 'u', 'l', 's']));
  it('unread', () => expect(ids({ filter: 'unread' })).toEqual(['u']));
  it('live', () => expect(ids({ filter: 'live' })).toEqual(['l']));
  it('shared', () => expect(ids({ filter: 'shared' })).toEqual(['s']));
  it('domain', () => expect(ids({ filter: 'all', domainId: 'd2' })).toEqual(['s']));
  it('unread follows the flag', () => expect(isUnread(plain)).toBe(false));
});

describe('live updates of the list', () => {
  const older = room({ id: 'a' }, '2026-03-10T08:00:00');
  const newer = room({ id: 'b' }, '2026-03-10T09:00:00');
  const rows = sortRooms([older, newer]);

  it('sorts newest activity first', () => expect(rows.map((r) => r.id)).toEqual(['b', 'a']));

  it('a new message moves the row up, counts one more message and keeps the other fields', () => {
    const patch = {
      id: 'a',
      updatedAt: '2026-03-10T11:00:00',
      unread: true,
      lastMessage: { ...older.lastMessage!, id: 'm-new', content: 'again', createdAt: '2026-03-10T11:00:00' },
    };
    const { rooms, unknown } = mergeRoomPatch(rows, patch, { filter: 'all' });
    expect(unknown).toBe(false);
    expect(rooms.map((r) => r.id)).toEqual(['a', 'b']);
    expect(rooms[0]).toMatchObject({ messageCount: 2, domain: 'shop.example.com', unread: true });
    expect(rooms[0]!.lastMessage!.content).toBe('again');
  });

  it('an older patch (a late replay) does not overwrite a newer row', () => {
    const { rooms } = mergeRoomPatch(
      rows,
      { id: 'b', updatedAt: '2026-03-10T07:00:00', live: true },
      { filter: 'all' },
    );
    expect(rooms.find((r) => r.id === 'b')!.live).toBe(false);
  });

  it('reports a row it does not hold, so the caller refetches', () => {
    expect(
      mergeRoomPatch(rows, { id: 'zzz', updatedAt: '2026-03-10T11:00:00' }, { filter: 'all' }).unknown,
    ).toBe(true);
  });

  it('drops a row that leaves the filter, but keeps the open chat', () => {
    const seen = { id: 'a', updatedAt: '2026-03-10T11:00:00', unread: false };
    const unreadRows = [room({ id: 'a' }), room({ id: 'c' })];
    expect(mergeRoomPatch(unreadRows, seen, { filter: 'unread' }).rooms.map((r) => r.id)).toEqual(['c']);
    expect(
      mergeRoomPatch(unreadRows, seen, { filter: 'unread' }, 'a')
        .rooms.map((r) => r.id)
        .sort(),
    ).toEqual(['a', 'c']);
  });

  it('upsertRoom adds a whole row in scope and leaves one out of scope', () => {
    const liveRow = room({ id: 'x', live: true }, '2026-03-10T11:30:00');
    expect(upsertRoom([], liveRow, { filter: 'live' }).map((r) => r.id)).toEqual(['x']);
    expect(upsertRoom(rows, liveRow, { filter: 'all' }).map((r) => r.id)).toEqual(['x', 'b', 'a']);
    expect(upsertRoom([], { ...liveRow, live: false }, { filter: 'live' })).toEqual([]);
  });
});

describe('the row preview of the last message', () => {
  const last = (over: Partial<NonNullable<Room['lastMessage']>>) =>
    room({ id: 'r', lastMessage: { ...room({ id: 'x' }).lastMessage!, ...over } });

  const me = { id: 'agent-1' };

  it('tells the visitor, the assistant and the team apart, and shows system texts as they are', () => {
    expect(preview(last({ role: 'user', content: 'Do you ship to Canada?' }), me)).toBe(
      'Do you ship to Canada?',
    );
    expect(preview(last({ role: 'assistant', content: 'Yes, in 3-5 days.' }), me)).toBe(
      'Assistant: Yes, in 3-5 days.',
    );
    expect(preview(last({ role: 'assistant', content: 'Live support mode has been enabled' }), me)).toBe(
      'Live support mode has been enabled',
    );
    expect(preview(room({ id: 'r', lastMessage: null }), me)).toBe('No messages yet');
  });

  it('is "You" only for a message the reader wrote; another member shows by name', () => {
    const byAgent = last({
      role: 'assistant',
      content: 'On it!',
      teamMemberId: 'agent-1',
      teamMemberName: 'Grace',
    });
    const byOwner = last({
      role: 'assistant',
      content: 'Done.',
      teamMemberId: 'owner-1',
      teamMemberName: 'Jane Cooper',
    });
    expect(preview(byAgent, me)).toBe('You: On it!');
    expect(preview(byOwner, me)).toBe('Jane Cooper: Done.');
    expect(preview(byAgent, { id: 'owner-1' })).toBe('Grace: On it!');
    // A member whose name the message does not carry is still not "You".
    expect(
      preview(last({ role: 'assistant', content: 'Hi', teamMemberId: 'x', teamMemberName: null }), me),
    ).toBe('Team: Hi');
  });

  it('shows a message that was only markup as its text, and Empty message only for nothing', () => {
    expect(preview(last({ role: 'user', content: '<img src=x onerror="alert(1)">' }), me)).toBe(
      '<img src=x onerror="alert(1)">',
    );
    expect(preview(last({ role: 'user', content: '   ' }), me)).toBe('Empty message');
    expect(preview(last({ role: 'user', content: 'Hi <b>there</b>' }), me)).toBe('Hi there');
  });
});
