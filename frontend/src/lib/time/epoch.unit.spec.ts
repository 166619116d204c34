import { formatClock, toEpochMs } from './epoch';

describe('toEpochMs', () => {
  it('reads ISO strings, epoch seconds and epoch milliseconds', () => {
    expect(toEpochMs('2026-11-22T10:00:00.000Z')).toBe(Date.UTC(2026, 10, 22, 10));
    expect(toEpochMs(1_790_000_000)).toBe(1_790_000_000_000);
    expect(toEpochMs(1_790_000_000_000)).toBe(1_790_000_000_000);
    expect(toEpochMs('1790000000')).toBe(1_790_000_000_000);
    expect(toEpochMs('soon')).toBeUndefined();
    expect(toEpochMs(undefined)).toBeUndefined();
  });

  it('formats a countdown as m:ss', () => {
    expect(formatClock(75)).toBe('1:15');
    expect(formatClock(5)).toBe('0:05');
    expect(formatClock(-3)).toBe('0:00');
  });
});
