import { DEFAULT_RESTART_BACKOFF, RestartBackoff } from '../lib/restart-backoff.mjs';

describe('RestartBackoff', () => {
  it('doubles the delay with each exit in a row, up to the ceiling', () => {
    const backoff = new RestartBackoff({ initialMs: 1000, maxMs: 5000, resetAfterMs: 60000 });
    expect([10, 10, 10, 10, 10].map((ran) => backoff.next(ran))).toEqual([1000, 2000, 4000, 5000, 5000]);
  });

  it('starts over once the program stayed up long enough', () => {
    const backoff = new RestartBackoff({ initialMs: 1000, maxMs: 30000, resetAfterMs: 60000 });
    expect(backoff.next(5)).toBe(1000);
    expect(backoff.next(5)).toBe(2000);
    expect(backoff.next(59999)).toBe(4000);
    expect(backoff.next(60000)).toBe(1000);
    expect(backoff.next(100)).toBe(2000);
  });

  it('defaults to seconds, not the kubelet’s minutes, and refuses a negative policy', () => {
    expect(DEFAULT_RESTART_BACKOFF).toEqual({ initialMs: 1000, maxMs: 30000, resetAfterMs: 60000 });
    expect(() => new RestartBackoff({ initialMs: -1, maxMs: 1, resetAfterMs: 1 })).toThrow(RangeError);
  });
});
