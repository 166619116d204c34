import { VerifiedCache } from './verified-cache';

describe('verified token cache', () => {
  it('answers a token until its expiry, then forgets it', () => {
    let now = 1_000_000;
    const cache = new VerifiedCache<{ expiresAt: number; who: string }>(10, () => now);
    cache.set('t1', { expiresAt: 1_010, who: 'a' });
    expect(cache.get('t1')).toEqual({ expiresAt: 1_010, who: 'a' });
    expect(cache.get('t2')).toBeUndefined();
    now = 1_010_000;
    expect(cache.get('t1')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('keeps at most its capacity, dropping the least recently used', () => {
    const cache = new VerifiedCache<{ expiresAt: number }>(2, () => 0);
    cache.set('a', { expiresAt: 10 });
    cache.set('b', { expiresAt: 10 });
    expect(cache.get('a')).toBeDefined();
    cache.set('c', { expiresAt: 10 });
    expect(cache.size).toBe(2);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('c')).toBeDefined();
  });

  it('keeps nothing with capacity 0 and refuses a bad capacity', () => {
    const cache = new VerifiedCache<{ expiresAt: number }>(0, () => 0);
    cache.set('a', { expiresAt: 10 });
    expect(cache.get('a')).toBeUndefined();
    expect(() => new VerifiedCache(-1)).toThrow(RangeError);
  });
});
