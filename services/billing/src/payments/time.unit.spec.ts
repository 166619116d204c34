import { addMonthSeconds } from './time';

const s = (iso: string) => Date.parse(iso) / 1000;
const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

describe('addMonthSeconds', () => {
  it('keeps the day and time of day', () => {
    expect(iso(addMonthSeconds(s('2026-11-22T18:30:05.000Z')))).toBe('2026-12-22T18:30:05.000Z');
    expect(iso(addMonthSeconds(s('2026-12-15T00:00:00.000Z')))).toBe('2027-01-15T00:00:00.000Z');
  });
  it('ends on the last day of a shorter month', () => {
    expect(iso(addMonthSeconds(s('2027-01-31T10:00:00.000Z')))).toBe('2027-02-28T10:00:00.000Z');
    expect(iso(addMonthSeconds(s('2028-01-30T10:00:00.000Z')))).toBe('2028-02-29T10:00:00.000Z');
  });
});
