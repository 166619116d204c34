import { addDays, change, dateValue, everyDay, sumCounts, zeroCounts } from './funnel-period';

describe('funnel periods', () => {
  it('reads only real calendar dates', () => {
    expect(dateValue('2026-02-28')).toBe(Date.UTC(2026, 1, 28));
    expect(dateValue('2026-02-29')).toBeNull();
    expect(dateValue('2026-2-1')).toBeNull();
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
  });

  it('lists every day of the period with zeros where nothing happened, and sums them', () => {
    const counted = { ...zeroCounts(), visitors: 3, revenueCents: 500 };
    const days = everyDay('2026-11-24', '2026-11-26', [{ day: '2026-11-25', ...counted }]);
    expect(days.map((d) => [d.day, d.visitors])).toEqual([
      ['2026-11-24', 0],
      ['2026-11-25', 3],
      ['2026-11-26', 0],
    ]);
    expect(sumCounts([counted, counted])).toMatchObject({ visitors: 6, revenueCents: 1000, orders: 0 });
  });

  it('gives the change in percent, null when there was nothing before and 0 when nothing either way', () => {
    const before = { ...zeroCounts(), visitors: 4, orders: 3 };
    const now = { ...zeroCounts(), visitors: 5, orders: 1, bookings: 2 };
    expect(change(before, now)).toMatchObject({ visitors: 25, orders: -66.7, bookings: null, emails: 0 });
  });
});
