import type { Room } from './api';
import { appendPage, mergeFirstPage } from './pages';

/** A room whose last activity is `minute` minutes past 10:00 (higher: newer). */
function room(id: string, minute: number, over: Partial<Room> = {}): Room {
  const at = new Date(Date.UTC(2026, 2, 10, 10, minute)).toISOString();
  return {
    id,
    domainId: 'd1',
    domain: 'shop.example.com',
    customerId: `c-${id}`,
    customerEmail: null,
    live: false,
    mailed: false,
    sharedWith: [],
    createdAt: at,
    updatedAt: at,
    lastMessage: null,
    unread: false,
    messageCount: 1,
    ...over,
  } as Room;
}
const ids = (rooms: Room[]) => rooms.map((r) => r.id);

describe('appendPage', () => {
  it('adds the next page below the rows held and takes its cursor', () => {
    const held = [room('a', 50), room('b', 40)];
    const next = appendPage(held, { rooms: [room('c', 30), room('d', 20)], nextCursor: 'after-d' });
    expect(ids(next.rooms)).toEqual(['a', 'b', 'c', 'd']);
    expect(next.nextCursor).toBe('after-d');
  });

  it('keeps the row held when the page has it too (updated over the socket meanwhile)', () => {
    const moved = room('c', 59, { unread: true });
    const next = appendPage([moved, room('a', 50)], {
      rooms: [room('c', 30), room('d', 20)],
      nextCursor: null,
    });
    expect(ids(next.rooms)).toEqual(['c', 'a', 'd']);
    expect(next.rooms[0]).toBe(moved);
    expect(next.nextCursor).toBeNull();
  });

  it('orders rooms of the same instant by id, highest first, as the server pages them', () => {
    const next = appendPage([room('m', 10)], { rooms: [room('z', 10), room('a', 10)], nextCursor: null });
    expect(ids(next.rooms)).toEqual(['z', 'm', 'a']);
  });
});

describe('mergeFirstPage', () => {
  const first = { rooms: [room('new', 59), room('a', 50)], nextCursor: 'after-a' };

  it('is the first page when nothing is held, or when the first page is the whole list', () => {
    expect(mergeFirstPage(undefined, first)).toBe(first);
    const whole = { rooms: [room('a', 50)], nextCursor: null };
    expect(mergeFirstPage({ rooms: [room('a', 50), room('b', 40)], nextCursor: null }, whole)).toBe(whole);
  });

  it('keeps the pages loaded below the first with the cursor after them', () => {
    const held = { rooms: [room('a', 50), room('b', 40), room('c', 30)], nextCursor: 'after-c' };
    const merged = mergeFirstPage(held, first);
    expect(ids(merged.rooms)).toEqual(['new', 'a', 'b', 'c']);
    expect(merged.nextCursor).toBe('after-c');
  });

  it('takes the first page’s copy of a room that moved up, once', () => {
    const held = { rooms: [room('a', 50), room('b', 40), room('c', 30)], nextCursor: null };
    const moved = { rooms: [room('c', 59), room('a', 50)], nextCursor: 'after-a' };
    const merged = mergeFirstPage(held, moved);
    expect(ids(merged.rooms)).toEqual(['c', 'a', 'b']);
    expect(merged.rooms[0]!.updatedAt).toBe(moved.rooms[0]!.updatedAt);
    expect(merged.nextCursor).toBeNull();
  });

  it('drops a held row within the first page’s span that the first page no longer has', () => {
    const held = { rooms: [room('x', 55), room('a', 50), room('b', 40)], nextCursor: 'after-b' };
    const merged = mergeFirstPage(held, first);
    expect(ids(merged.rooms)).toEqual(['new', 'a', 'b']);
  });

  it('starts over from the first page when it ends on a room the list did not hold (a gap may follow)', () => {
    const held = { rooms: [room('a', 50), room('b', 40)], nextCursor: null };
    const flood = { rooms: [room('n2', 59), room('n1', 58)], nextCursor: 'after-n1' };
    expect(mergeFirstPage(held, flood)).toBe(flood);
    // Or on a held room that has moved since (rooms below it may have moved past it).
    const movedLast = { rooms: [room('n1', 59), room('b', 55)], nextCursor: 'after-b' };
    expect(
      mergeFirstPage({ rooms: [room('a', 50), room('b', 40), room('c', 30)], nextCursor: null }, movedLast),
    ).toBe(movedLast);
  });

  it('is the first page and its cursor when only the first page was held', () => {
    const held = { rooms: [room('a', 50)], nextCursor: 'after-a-old' };
    expect(mergeFirstPage(held, first)).toBe(first);
  });
});
