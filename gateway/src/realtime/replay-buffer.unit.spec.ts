import { compareCursors, isCursor } from './replay-buffer';

describe('cursors', () => {
  it('compare as stream ids: time first, then sequence (not as strings)', () => {
    expect(compareCursors('1700000000000-10', '1700000000000-9')).toBeGreaterThan(0);
    expect(compareCursors('999-0', '1000-0')).toBeLessThan(0);
    expect(compareCursors('5-5', '5-5')).toBe(0);
  });
  it('only stream ids are cursors', () => {
    expect(isCursor('1700000000000-0')).toBe(true);
    for (const bad of ['', '0', '1-', '-1', '1-a', '1-1-1', 42, null]) expect(isCursor(bad)).toBe(false);
  });
});
