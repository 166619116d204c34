import { AppError } from '@parley/contracts';
import { usageAlertMessage, usageAlertNotification, usageAlertOf } from './usage-alert';

const facts = {
  accountId: 'owner-1',
  periodStart: '2026-11-01T00:00:00.000Z',
  periodEnd: '2026-12-01T00:00:00.000Z',
  plan: 'STANDARD' as const,
  requestsUsed: 80,
  requestLimit: 100,
  reachedAt: '2026-11-20T12:00:00.000Z',
};
const event = (type: string, data: unknown = facts) => ({
  eventId: 'consume-x:1',
  occurredAt: '2026-11-20T12:00:01.000Z',
  type,
  data,
});

describe('usage alerts', () => {
  it('reads the two thresholds and ignores the other billing events', () => {
    expect(usageAlertOf(event('billing.UsageWarningReached'))).toEqual({ level: 'warning', facts });
    expect(usageAlertOf(event('billing.UsageLimitReached'))?.level).toBe('limit');
    expect(usageAlertOf(event('billing.RequestConsumed'))).toBeNull();
  });

  it('refuses a payload that breaks the contract', () => {
    expect(() => usageAlertOf(event('billing.UsageLimitReached', { accountId: 'a' }))).toThrow(AppError);
  });

  it('says the count, and at the limit that the assistant stopped', () => {
    expect(usageAlertMessage({ level: 'warning', facts })).toBe(
      'Approaching request limit: your assistant used 80 of 100 requests this billing period.',
    );
    expect(
      usageAlertMessage({ level: 'limit', facts: { ...facts, requestsUsed: 1000, requestLimit: 1000 } }),
    ).toBe(
      'Request limit reached: your assistant used 1,000 of 1,000 requests this billing period and stopped answering customers.',
    );
  });

  it("is a USAGE_ALERT for the account's owner at the time billing saw the threshold", () => {
    const e = event('billing.UsageWarningReached');
    expect(usageAlertNotification(e, { level: 'warning', facts })).toEqual({
      sourceEventId: 'consume-x:1',
      accountId: 'owner-1',
      userId: 'owner-1',
      type: 'USAGE_ALERT',
      message: 'Approaching request limit: your assistant used 80 of 100 requests this billing period.',
      domainId: null,
      roomId: null,
      createdAt: new Date('2026-11-20T12:00:00.000Z'),
    });
  });
});
