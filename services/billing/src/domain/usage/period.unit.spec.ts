import { billingPeriodAt, periodKey } from './period';

const at = (iso: string) => Date.parse(iso);

describe('billing period', () => {
  it('is the calendar month in UTC without a subscription', () => {
    expect(billingPeriodAt(at('2026-11-22T23:59:59.999Z'))).toEqual({
      start: at('2026-11-01T00:00:00.000Z'),
      end: at('2026-12-01T00:00:00.000Z'),
    });
  });

  it('rolls over at midnight UTC of the first, across the year end', () => {
    expect(billingPeriodAt(at('2026-12-31T23:59:59.999Z')).end).toBe(at('2027-01-01T00:00:00.000Z'));
    expect(billingPeriodAt(at('2027-01-01T00:00:00.000Z')).start).toBe(at('2027-01-01T00:00:00.000Z'));
  });

  it("is the subscription's current period when now is inside it", () => {
    const subscription = { start: at('2026-11-15T10:00:00Z'), end: at('2026-12-15T10:00:00Z') };
    expect(billingPeriodAt(at('2026-12-01T00:00:00Z'), subscription)).toBe(subscription);
    // A stale subscription period (renewal not heard of yet) does not hold requests forever.
    expect(billingPeriodAt(at('2026-12-20T00:00:00Z'), subscription).start).toBe(at('2026-12-01T00:00:00Z'));
  });

  it('keys a period by its start as one subject token', () => {
    expect(periodKey(billingPeriodAt(at('2026-02-10T08:00:00Z')))).toBe('20260201T000000Z');
  });
});
