import { activeMembers, recordActivity, toEpoch } from './presence';

const now = Date.parse('2026-03-10T12:00:00Z');

describe('team presence: active for 5 minutes after the last activity', () => {
  it('lists members active within 5 minutes, most recent first', () => {
    let map = recordActivity({}, 'a', 'Ann', now - 4 * 60_000);
    map = recordActivity(map, 'b', 'Bob', now - 60_000);
    map = recordActivity(map, 'c', 'Cid', now - 5 * 60_000);
    expect(activeMembers(map, now).map((m) => m.name)).toEqual(['Bob', 'Ann']);
  });
  it('expires a member once 5 minutes passed', () => {
    const map = recordActivity({}, 'a', 'Ann', now);
    expect(activeMembers(map, now + 5 * 60_000 - 1)).toHaveLength(1);
    expect(activeMembers(map, now + 5 * 60_000)).toHaveLength(0);
  });
  it('an older event does not move the last activity back', () => {
    const map = recordActivity(recordActivity({}, 'a', 'Ann', now), 'a', 'Ann', now - 60_000);
    expect(map.a!.lastActive).toBe(now);
  });
  it('reads epoch ms and ISO times', () => {
    expect(toEpoch(now)).toBe(now);
    expect(toEpoch('2026-03-10T12:00:00Z')).toBe(now);
    expect(toEpoch('nonsense')).toBeNull();
    expect(toEpoch(null)).toBeNull();
  });
});
