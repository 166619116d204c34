import { streamUpkeep } from './stream-upkeep';

describe('stream upkeep', () => {
  it('is due once per room and period, again in the next period, and again after a miss', () => {
    let now = 60_000;
    const upkeep = streamUpkeep(60_000, () => now);
    expect(upkeep.due('a')).toBe(true);
    expect(upkeep.due('b')).toBe(true);
    expect(upkeep.due('a')).toBe(false);
    now = 119_999;
    expect(upkeep.due('a')).toBe(false);
    upkeep.missed('a');
    expect(upkeep.due('a')).toBe(true);
    now = 120_000;
    expect(upkeep.due('a')).toBe(true);
    expect(upkeep.due('b')).toBe(true);
    expect(upkeep.due('b')).toBe(false);
  });
});
