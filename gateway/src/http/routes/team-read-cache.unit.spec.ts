import { teamReadCache, type TeamRead } from './team-read-cache';

const owner = { accountId: 'a1', userId: 'u1', role: 'OWNER' };
const list: TeamRead = ['list', 'all', '', 50, ''];
const answer = (body: string) => ({ revision: '1.7', body, etag: 'W/"x"' });

describe('teamReadCache', () => {
  it('keeps an answer per caller and read, and forgets it', () => {
    const cache = teamReadCache(1024 * 1024);
    cache.keep(owner, list, answer('[1]'));
    expect(cache.get(owner, list)?.body).toBe('[1]');
    for (const [caller, read] of [
      [{ ...owner, accountId: 'a2' }, list],
      [{ ...owner, userId: 'u2' }, list],
      [{ ...owner, role: 'AGENT' }, list],
      [owner, ['list', 'unread', '', 50, '']],
      [owner, ['list', 'all', 'd1', 50, '']],
      [owner, ['list', 'all', '', 20, '']],
      [owner, ['list', 'all', '', 50, 'c']],
      [owner, ['messages', 'all', '', 50, '']],
    ] as const)
      expect(cache.get(caller, read)).toBeUndefined();
    cache.forget(owner, list);
    expect(cache.get(owner, list)).toBeUndefined();
  });

  it('cannot be fooled by a field holding a separator', () => {
    const cache = teamReadCache(1024 * 1024);
    cache.keep(owner, ['list', 'all', 'd","x', 50], answer('[1]'));
    expect(cache.get(owner, ['list', 'all', 'd', 'x', 50])).toBeUndefined();
  });

  it('stays within its bytes, dropping the least recently used answer first', () => {
    const cache = teamReadCache(10_000);
    const big = 'x'.repeat(2_000); // about 4 KB each
    cache.keep(owner, ['r', 1], answer(big));
    cache.keep(owner, ['r', 2], answer(big));
    cache.get(owner, ['r', 1]);
    cache.keep(owner, ['r', 3], answer(big));
    expect(cache.get(owner, ['r', 1])).toBeDefined();
    expect(cache.get(owner, ['r', 2])).toBeUndefined();
    expect(cache.get(owner, ['r', 3])).toBeDefined();
    // Larger than the whole budget: not kept.
    cache.keep(owner, ['r', 4], answer('x'.repeat(6_000)));
    expect(cache.get(owner, ['r', 4])).toBeUndefined();
  });

  it('keeps nothing with 0 bytes, and refuses a negative budget', () => {
    const cache = teamReadCache(0);
    cache.keep(owner, list, answer('[1]'));
    expect(cache.get(owner, list)).toBeUndefined();
    expect(() => teamReadCache(-1)).toThrow(RangeError);
  });
});
