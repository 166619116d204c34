import type { Emission } from './event-routing';

/**
 * How one relayed event's emissions reach the other gateway replicas: one Redis message per
 * event, published by the replay buffer's record script itself (so it exists exactly when the
 * event was recorded, and carries the cursors the script gave), instead of one Socket.IO adapter
 * publish per broadcast. The relaying replica emits to its own sockets directly and skips its
 * own announcements; every other replica reads them and emits to its sockets.
 *
 * The message is two lines. The first, `[origin, rooms]`, is all a replica reads to decide
 * whether the event concerns it (its own, or none of its rooms: nothing more is parsed). The
 * second, `[cursors, emissions]`, is the script's cursors (inserted between `head` and `tail`)
 * and each emission as `[room, entry]` (the buffer's entry, `{c, n, d}`) or, for one that
 * repeats an earlier emission to another room, `[room, index of that one]`: the data is in the
 * message once.
 */
export interface AnnouncementParts {
  head: string;
  tail: string;
}

/** Builds the message around the cursors only the script knows. `entries[i]` is emission i's buffer entry, or undefined for a repeat. */
export function announcementParts(
  origin: string,
  emissions: readonly Emission[],
  entries: readonly string[],
  repeats: readonly number[],
): AnnouncementParts {
  const rooms = [...new Set(emissions.map((e) => e.room))];
  const items = emissions.map(
    (e, i) => `[${JSON.stringify(e.room)},${repeats[i]! > 0 ? repeats[i]! - 1 : entries[i]}]`,
  );
  return { head: `${JSON.stringify([origin, rooms])}\n[`, tail: `,[${items.join(',')}]]` };
}

/** The Lua that joins the script's ids (`ids`, stream ids: no quoting needed) between head and tail. */
export const ANNOUNCE_IDS_LUA = `'["' .. table.concat(ids, '","') .. '"]'`;

/**
 * A received announcement -> the emissions and their cursors to deliver here; undefined when it
 * is this replica's own or concerns none of `hasRoom`'s rooms. Throws when it cannot be read.
 */
export function readAnnouncement(
  message: string,
  origin: string,
  hasRoom: (room: string) => boolean,
): { emissions: Emission[]; cursors: string[] } | undefined {
  if (message.startsWith(`[${JSON.stringify(origin)},`)) return undefined;
  const lineEnd = message.indexOf('\n');
  if (lineEnd < 0) throw new Error('not an announcement');
  const [, rooms] = JSON.parse(message.slice(0, lineEnd)) as [string, string[]];
  if (!rooms.some(hasRoom)) return undefined;
  const [cursors, items] = JSON.parse(message.slice(lineEnd + 1)) as [
    string[],
    [string, { c: string; n: string; d: unknown } | number][],
  ];
  const emissions: Emission[] = [];
  for (const [room, item] of items) {
    const entry =
      typeof item === 'number' ? emissions[item] : { channel: item.c, event: item.n, data: item.d };
    if (!entry) throw new Error('an announcement repeats an emission it does not hold');
    emissions.push({ room, channel: entry.channel, event: entry.event, data: entry.data });
  }
  if (cursors.length !== emissions.length)
    throw new Error('an announcement with a cursor per emission missing');
  return { emissions, cursors };
}
