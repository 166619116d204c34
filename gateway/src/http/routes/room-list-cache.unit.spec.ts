import { roomListCache } from './room-list-cache';

const owner = { accountId: 'a1', userId: 'u1', role: 'OWNER' };
const query = { filter: 'all', domainId: '', limit: 50, cursor: '' };
const page = (body: string) => ({ revision: '1.7', body, etag: 'W/"x"' });

describe('roomListCache', () => {
  it('keeps a page per caller and query, and forgets it', () => {
    const cache = roomListCache(1024 * 1024);
    cache.keep(owner, query, page('[1]'));
    expect(cache.get(owner, query)?.body).toBe('[1]');
    for (const [caller, q] of [
      [{ ...owner, accountId: 'a2' }, query],
      [{ ...owner, userId: 'u2' }, query],
      [{ ...owner, role: 'AGENT' }, query],
      [owner, { ...query, filter: 'unread' }],
      [owner, { ...query, domainId: 'd1' }],
      [owner, { ...query, limit: 20 }],
      [owner, { ...query, cursor: 'c' }],
    ] as const)
      expect(cache.get(caller, q)).toBeUndefined();
    cache.forget(owner, query);
    expect(cache.get(owner, query)).toBeUndefined();
  });

  it('cannot be fooled by a field holding a separator', () => {
    const cache = roomListCache(1024 * 1024);
    cache.keep(owner, { ...query, domainId: 'd","x' }, page('[1]'));
    expect(cache.get(owner, { ...query, domainId: 'd', cursor: 'x' })).toBeUndefined();
  });

  it('stays within its bytes, dropping the least recently used page first', () => {
    const cache = roomListCache(10_000);
    const big = 'x'.repeat(2_000); // about 4 KB each
    cache.keep(owner, { ...query, cursor: '1' }, page(big));
    cache.keep(owner, { ...query, cursor: '2' }, page(big));
    cache.get(owner, { ...query, cursor: '1' });
    cache.keep(owner, { ...query, cursor: '3' }, page(big));
    expect(cache.get(owner, { ...query, cursor: '1' })).toBeDefined();
    expect(cache.get(owner, { ...query, cursor: '2' })).toBeUndefined();
    expect(cache.get(owner, { ...query, cursor: '3' })).toBeDefined();
    // Larger than the whole budget: not kept.
    cache.keep(owner, { ...query, cursor: '4' }, page('x'.repeat(6_000)));
    expect(cache.get(owner, { ...query, cursor: '4' })).toBeUndefined();
  });

  it('keeps nothing with 0 bytes, and refuses a negative budget', () => {
    const cache = roomListCache(0);
    cache.keep(owner, query, page('[1]'));
    expect(cache.get(owner, query)).toBeUndefined();
    expect(() => roomListCache(-1)).toThrow(RangeError);
  });
});
