import type { Room } from './api';
import { compareRooms, lastActivityAt, sortRooms } from './list';

/**
 * How pages of the conversation list join what the list already shows, apart from React so they
 * are tested on their own. The server pages newest activity first; the list keeps every row it
 * has loaded, and the cursor says where the next page starts (null: nothing older is left).
 */
export interface LoadedRooms {
  rooms: Room[];
  nextCursor: string | null;
}

/**
 * The next page appended to the rows held. A row held already stays as it is: it may have been
 * updated over the socket since the page was read (rooms only move up, so a room that changed
 * while the page was on its way is held near the top, fresher than the page's copy).
 */
export function appendPage(held: Room[], page: LoadedRooms): LoadedRooms {
  const known = new Set(held.map((r) => r.id));
  const added = page.rooms.filter((r) => !known.has(r.id));
  return { rooms: sortRooms([...held, ...added]), nextCursor: page.nextCursor };
}

/**
 * The first page read again (after a change the list could not apply, a reconnect) over what is
 * held: the first page is taken as it is, and the rows already loaded below it stay, with the
 * cursor that continues after them. Held rows that sort within the first page but are no longer
 * on it left the list (they no longer match the filter, or moved and are on it anew).
 *
 * The rows below join without a gap only when the first page ends on a row held with the same
 * activity: rooms only move up, so every room older than that one was held already. When the page
 * ends on a room the list did not have (more new rooms than a page), rooms may be missing between
 * it and the held rows, and the list starts over from the first page.
 */
export function mergeFirstPage(held: LoadedRooms | undefined, first: LoadedRooms): LoadedRooms {
  const last = first.rooms.at(-1);
  if (!held || !last || first.nextCursor === null) return first;
  const heldLast = held.rooms.find((r) => r.id === last.id);
  if (!heldLast || lastActivityAt(heldLast) !== lastActivityAt(last)) return first;
  const fresh = new Set(first.rooms.map((r) => r.id));
  const below = held.rooms.filter((r) => !fresh.has(r.id) && compareRooms(r, last) > 0);
  if (below.length === 0) return first;
  return { rooms: sortRooms([...first.rooms, ...below]), nextCursor: held.nextCursor };
}
