import { heldEvent, readHeld, type HeldEvent } from './held-event';
import { HistoryCache } from './history-cache';
import { encodePayload } from './wire';

const ev = (sequence: number, id = `c${sequence}:0`): HeldEvent =>
  heldEvent(
    { type: 'T', data: { n: sequence }, subject: 's', sequence, eventId: id, occurredAt: '', meta: {} },
    encodePayload({ type: 'T', data: { n: sequence } }, '', {}),
  );

describe('HistoryCache', () => {
  it('serves a cached history while it is a prefix of the log', () => {
    const c = new HistoryCache(10);
    c.set('s', [ev(1), ev(4)]);
    expect(c.validPrefix('s', 4, 'c4:0').map((e) => e.sequence)).toEqual([1, 4]);
    expect(c.validPrefix('s', 9, 'x').map((e) => e.sequence)).toEqual([1, 4]);
    expect(c.validPrefix('unknown', 9, 'x')).toEqual([]);
  });

  it('drops a history the log contradicts (shorter log, or another event at the same sequence)', () => {
    const c = new HistoryCache(10);
    c.set('s', [ev(1), ev(4)]);
    expect(c.validPrefix('s', 4, 'other:0')).toEqual([]);
    c.set('s', [ev(1), ev(4)]);
    expect(c.validPrefix('s', 3, 'c3:0')).toEqual([]);
    expect(c.validPrefix('s', 4, 'c4:0')).toEqual([]); // gone since
  });

  it('holds a folded state only for the history as it ends now, per decider', () => {
    const c = new HistoryCache(10);
    const decider = {};
    const other = {};
    c.set('s', [ev(1), ev(2)]);
    c.keepFolded('s', decider, 1, 'stale'); // the history ends at 2, not 1
    expect(c.folded('s', decider)).toBeUndefined();
    c.keepFolded('s', decider, 2, 'at 2');
    expect(c.folded('s', decider)).toBe('at 2');
    expect(c.folded('s', other)).toBeUndefined();
    c.extend('s', 2, [ev(3)]); // a new history: the state folded up to 2 no longer describes it
    expect(c.folded('s', decider)).toBeUndefined();
    c.keepFolded('s', decider, 3, 'at 3');
    expect(c.folded('s', decider)).toBe('at 3');
    c.set('s', [ev(1), ev(2), ev(3)]);
    expect(c.folded('s', decider)).toBeUndefined();
    c.keepFolded('unknown', decider, 1, 'x');
    expect(c.folded('unknown', decider)).toBeUndefined();
  });

  it('evicts the least recently used aggregate', () => {
    const c = new HistoryCache(2);
    c.set('a', [ev(1)]);
    c.set('b', [ev(2)]);
    c.set('a', [ev(1)]); // touch a
    c.set('c', [ev(3)]);
    expect(c.validPrefix('b', 2, 'c2:0')).toEqual([]);
    expect(c.validPrefix('a', 1, 'c1:0')).toHaveLength(1);
  });

  it('extends a history only when an append continued exactly from its end', () => {
    const c = new HistoryCache(10);
    c.extend('new', 0, [ev(5)]);
    expect(c.validPrefix('new', 5, 'c5:0')).toHaveLength(1);
    c.extend('new', 3, [ev(9)]); // did not start at our tail (5): leave it to the next load
    expect(c.validPrefix('new', 9, 'c9:0').map((e) => e.sequence)).toEqual([5]);
    c.extend('new', 5, [ev(9)]);
    expect(c.validPrefix('new', 9, 'c9:0').map((e) => e.sequence)).toEqual([5, 9]);
    c.extend('not-cached', 7, [ev(8)]);
    expect(c.validPrefix('not-cached', 8, 'c8:0')).toEqual([]);
  });

  it('hands every reader its own decode of a held event and caches nothing with capacity 0', () => {
    const c = new HistoryCache(10);
    c.extend('s', 0, [ev(1)]);
    const first = readHeld(c.validPrefix('s', 1, 'c1:0')[0]!);
    (first.data as { n: number }).n = 99;
    first.meta.x = 'changed';
    const again = readHeld(c.validPrefix('s', 1, 'c1:0')[0]!);
    expect(again.data).toEqual({ n: 1 });
    expect(again.meta).toEqual({});
    expect(again).toMatchObject({ type: 'T', subject: 's', sequence: 1, eventId: 'c1:0' });
    const off = new HistoryCache(0);
    off.set('s', [ev(1)]);
    expect(off.validPrefix('s', 1, 'c1:0')).toEqual([]);
    expect(() => new HistoryCache(-1)).toThrow(RangeError);
  });
});
