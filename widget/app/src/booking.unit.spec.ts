import { canShowMonth, firstStep, monthGrid, nextMonth, progressPercent } from './booking';

describe('booking flow rules', () => {
  it('skips the questions when all are answered or there are none', () => {
    expect(firstStep([])).toBe(2);
    expect(firstStep([{ id: 'q', question: 'q?', answered: true, answer: 'a' }])).toBe(2);
    expect(firstStep([{ id: 'q', question: 'q?', answered: false, answer: null }])).toBe(1);
  });

  it('shows progress per step', () => {
    expect([1, 2, 3].map((s) => progressPercent(s as 1 | 2 | 3))).toEqual([33, 67, 100]);
  });

  it('lays out a month Sunday-first and disables past and too-far days', () => {
    const today = new Date(2026, 10, 22); // Sunday 22 Nov 2026
    const rows = monthGrid(new Date(2026, 10, 1), today);
    expect(rows[0]![0]).toMatchObject({ date: '2026-11-01', day: 1 }); // 1 Nov 2026 is a Sunday
    const days = rows.flat().filter((c) => c !== null);
    expect(days).toHaveLength(30);
    expect(days.find((d) => d.day === 21)?.disabled).toBe(true);
    expect(days.find((d) => d.day === 22)?.disabled).toBe(false);
    const feb = monthGrid(new Date(2027, 1, 1), today)
      .flat()
      .filter((c) => c !== null);
    expect(feb.find((d) => d.date === '2027-02-20')?.disabled).toBe(false); // 90 days ahead
    expect(feb.find((d) => d.date === '2027-02-21')?.disabled).toBe(true);
  });

  it('pages months from this one to the last bookable one', () => {
    const today = new Date(2026, 10, 22);
    expect(canShowMonth(nextMonth(today, -1), today)).toBe(false);
    expect(canShowMonth(nextMonth(today, 3), today)).toBe(true);
    expect(canShowMonth(nextMonth(today, 4), today)).toBe(false);
  });
});
