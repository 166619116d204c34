import { broadcasts } from './conversations-relay';
import { announcementParts, readAnnouncement } from './event-announcement';
import type { Emission } from './event-routing';
import { repeatsOf } from './replay-buffer';

const message = { id: 'm1', content: 'héllo "there"\nsecond line' };
const patch = { room: { id: 'r1' }, message };
const emissions: Emission[] = [
  { room: 'room:r1:team', channel: 'r1', event: 'chat-message', data: message },
  { room: 'room:r1:visitor', channel: 'r1', event: 'chat-message', data: message },
  { room: 'acct:a1:global', channel: 'chat-global', event: 'customer-message', data: patch },
  { room: 'agent:u1:global', channel: 'chat-global', event: 'customer-message', data: patch },
];

/** What the record script publishes: the parts around its ids, as ANNOUNCE_IDS_LUA joins them. */
function published(origin: string, ids: string[], of: Emission[] = emissions): string {
  const repeats = repeatsOf(of);
  const entries = of.map((e) => JSON.stringify({ c: e.channel, n: e.event, d: e.data }));
  const { head, tail } = announcementParts(origin, of, entries, repeats);
  return `${head}["${ids.join('","')}"]${tail}`;
}

const ids = ['1700000000000-0', '1700000000000-0', '1700000000000-1', '1700000000000-1'];
const everywhere = () => true;

describe('event announcements', () => {
  it('carry every emission with its cursor to another replica', () => {
    const read = readAnnouncement(published('A', ids), 'B', everywhere);
    expect(read).toEqual({ emissions, cursors: ids });
  });

  it('carry a repeated payload once, and it is still one broadcast to all its rooms', () => {
    const text = published('A', ids);
    // Four emissions, two payloads (the list's carries the message too): two copies, not four.
    expect(text.split('héllo').length - 1).toBe(2);
    const read = readAnnouncement(text, 'B', everywhere)!;
    expect(broadcasts(read.emissions, read.cursors).map((b) => [b.rooms, b.e.event, b.cursor])).toEqual([
      [['room:r1:team', 'room:r1:visitor'], 'chat-message', ids[0]],
      [['acct:a1:global', 'agent:u1:global'], 'customer-message', ids[2]],
    ]);
  });

  it('a repeat that got its own cursor (its stream held a later id) stays a broadcast of its own', () => {
    const own = ['1700000000000-0', '1800000000000-0', '1700000000000-1', '1700000000000-1'];
    const read = readAnnouncement(published('A', own), 'B', everywhere)!;
    expect(broadcasts(read.emissions, read.cursors).map((b) => b.rooms)).toEqual([
      ['room:r1:team'],
      ['room:r1:visitor'],
      ['acct:a1:global', 'agent:u1:global'],
    ]);
  });

  it('are skipped by the replica that published them, and where none of their rooms has a socket', () => {
    expect(readAnnouncement(published('A', ids), 'A', everywhere)).toBeUndefined();
    const asked: string[] = [];
    const none = (room: string) => (asked.push(room), false);
    expect(readAnnouncement(published('A', ids), 'B', none)).toBeUndefined();
    expect(asked).toEqual(['room:r1:team', 'room:r1:visitor', 'acct:a1:global', 'agent:u1:global']);
    const onlyVisitor = (room: string) => room === 'room:r1:visitor';
    expect(readAnnouncement(published('A', ids), 'B', onlyVisitor)?.emissions).toHaveLength(4);
  });

  it('an origin that merely starts like this one is not this one', () => {
    expect(readAnnouncement(published('AB', ids), 'A', everywhere)).toBeDefined();
  });

  it('refuse what is not an announcement', () => {
    expect(() => readAnnouncement('garbage', 'B', everywhere)).toThrow();
    expect(() => readAnnouncement('["A",["r"]]\n[["1-0"],[["r",5]]]', 'B', everywhere)).toThrow();
    expect(() => readAnnouncement(published('A', ids.slice(1)), 'B', everywhere)).toThrow();
  });
});
