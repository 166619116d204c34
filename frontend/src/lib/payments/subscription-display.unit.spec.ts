import {
  billingInfo,
  isPortalNotConfigured,
  statusBadge,
  visibleActions,
  type SubscriptionFacts,
} from './subscription-display';

const free: SubscriptionFacts = {
  subscription: null,
  providerSubscription: null,
  planDetails: { isFree: true },
  canUpgrade: true,
};
const end = Date.parse('2026-12-22T18:00:00.000Z') / 1000;
const pro = (over: Partial<NonNullable<SubscriptionFacts['subscription']>> = {}): SubscriptionFacts => ({
  subscription: {
    status: 'active',
    cancelAtPeriodEnd: false,
    currentPeriodEnd: '2026-12-22T18:00:00.000Z',
    ...over,
  },
  providerSubscription: { current_period_end: end },
  planDetails: { isFree: false },
  canUpgrade: false,
});

describe('subscription display (spec sections 4 and 6)', () => {
  it('badges: Free, green Active, orange Cancelled with Ends {date}, any other status as its text', () => {
    expect(statusBadge(free)).toEqual({ label: 'Free', color: 'default' });
    expect(statusBadge(pro())).toEqual({ label: 'Active', color: 'green' });
    expect(statusBadge(pro({ cancelAtPeriodEnd: true }))).toEqual({
      label: 'Cancelled',
      color: 'orange',
      ends: 'Ends Dec 22, 2026',
    });
    expect(statusBadge(pro({ status: 'past_due' }))).toEqual({ label: 'past_due', color: 'default' });
  });

  it('billing info: next payment, or the end when cancelled; nothing without a subscription', () => {
    expect(billingInfo(pro())).toBe('Next payment on Dec 22, 2026');
    expect(billingInfo(pro({ cancelAtPeriodEnd: true }))).toBe('Subscription will end on Dec 22, 2026');
    expect(billingInfo(free)).toBeNull();
  });

  it('buttons: upgrade when canUpgrade, Manage Billing for paid plans, Cancel unless already cancelled', () => {
    expect(visibleActions(free)).toEqual({ upgrade: true, manageBilling: false, cancel: false });
    expect(visibleActions(pro())).toEqual({ upgrade: false, manageBilling: true, cancel: true });
    expect(visibleActions(pro({ cancelAtPeriodEnd: true }))).toEqual({
      upgrade: false,
      manageBilling: true,
      cancel: false,
    });
  });

  it('recognises the portal-not-configured error by its text', () => {
    expect(isPortalNotConfigured('Customer portal is not configured. Please contact support...')).toBe(true);
    expect(isPortalNotConfigured('Failed to open customer portal')).toBe(false);
  });
});
