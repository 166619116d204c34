import { DEFAULT_REQUEST_LIMIT, PRO_ACTION, STANDARD_ACTION, usageAlert } from './alert';

describe('usage alert', () => {
  it('shows nothing below 80% of the limit', () => {
    expect(usageAlert({ requestsUsed: 79, requestLimit: 100, plan: 'STANDARD' })).toBeNull();
    expect(usageAlert({ requestsUsed: 799, requestLimit: 1000, plan: 'PRO' })).toBeNull();
  });

  it("warns in orange from 80%: 'Approaching request limit'", () => {
    expect(usageAlert({ requestsUsed: 80, requestLimit: 100, plan: 'STANDARD' })).toEqual({
      level: 'warning',
      title: 'Approaching request limit',
      detail: 'You have used 80 of 100 requests this billing period.',
      action: STANDARD_ACTION,
    });
    expect(usageAlert({ requestsUsed: 99, requestLimit: 100, plan: 'STANDARD' })?.level).toBe('warning');
  });

  it("turns red at or above the limit: 'Request limit reached'", () => {
    const at = usageAlert({ requestsUsed: 1000, requestLimit: 1000, plan: 'PRO' });
    expect(at).toMatchObject({ level: 'limit', title: 'Request limit reached', action: PRO_ACTION });
    expect(at?.detail).toBe(
      'You have used 1,000 of 1,000 requests this billing period. Your assistant has stopped answering customers.',
    );
    expect(usageAlert({ requestsUsed: 120, requestLimit: 100, plan: 'STANDARD' })?.level).toBe('limit');
  });

  it('tells PRO to contact support for usage-based pricing and lets STANDARD upgrade to PRO', () => {
    expect(usageAlert({ requestsUsed: 900, requestLimit: 1000, plan: 'PRO' })?.action).toBe(
      'Contact support for usage-based pricing.',
    );
    expect(usageAlert({ requestsUsed: 90, requestLimit: 100, plan: 'STANDARD' })?.action).toBe(
      'Upgrade to PRO for more requests.',
    );
  });

  it('uses a limit of 100 when none is given', () => {
    expect(DEFAULT_REQUEST_LIMIT).toBe(100);
    expect(usageAlert({ requestsUsed: 80, plan: 'STANDARD' })?.title).toBe('Approaching request limit');
    expect(usageAlert({ requestsUsed: 100, requestLimit: null, plan: 'STANDARD' })?.title).toBe(
      'Request limit reached',
    );
    expect(usageAlert({ requestsUsed: 79, requestLimit: 0, plan: 'STANDARD' })).toBeNull();
  });
});
