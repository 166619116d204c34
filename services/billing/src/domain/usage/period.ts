/** A billing period: start inclusive, end exclusive, epoch milliseconds. */
export interface BillingPeriod {
  start: number;
  end: number;
}

/**
 * The period `now` falls in: the subscription's current period when the account has one (what it
 * pays for), else the calendar month in UTC (see docs/decisions.md: a free plan has no billing
 * anchor, and one calendar for every free account is what the owner can predict).
 */
export function billingPeriodAt(now: number, subscription?: BillingPeriod | null): BillingPeriod {
  if (subscription && subscription.start <= now && now < subscription.end) return subscription;
  const d = new Date(now);
  return {
    start: Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1),
    end: Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1),
  };
}

/** '20261101T000000Z': one subject token (no '.'), sortable, unique per period start. */
export function periodKey(period: BillingPeriod): string {
  return new Date(period.start)
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
}
