import type { AccountPlan, Usage } from '../clients/billing-client';
import { subscriptionDetails } from './subscription-details';

const planDetails = {
  name: 'Standard',
  description: 'd',
  priceFormatted: '$0/month',
  interval: 'month',
  isFree: true,
  features: [],
  credits: 100,
  maxDomains: 1,
};
const plan = (id: 'STANDARD' | 'PRO'): AccountPlan => ({
  accountId: 'a',
  plan: id,
  selectedPlan: id,
  limits: { maxDomains: 1, credits: 100, contacts: 1000, emailsPerMonth: 10 },
  planDetails,
  changedAt: '2026-11-01T00:00:00.000Z',
  subscription: null,
});
const usage: Usage = {
  accountId: 'a',
  plan: 'STANDARD',
  allowed: true,
  requestsUsed: 80,
  requestLimit: 100,
  requestsRemaining: 20,
  periodStart: '2026-11-01T00:00:00.000Z',
  periodEnd: '2026-12-01T00:00:00.000Z',
};

describe('subscription details', () => {
  it('puts plan and usage in the shape of spec section 3', () => {
    expect(subscriptionDetails(plan('STANDARD'), usage)).toEqual({
      currentPlan: 'STANDARD',
      planDetails,
      subscription: null,
      providerSubscription: null,
      canUpgrade: true,
      canDowngrade: false,
      requestLimit: 100,
      requestsUsed: 80,
      requestsRemaining: 20,
      usagePeriod: { start: '2026-11-01T00:00:00.000Z', end: '2026-12-01T00:00:00.000Z' },
    });
  });

  it('lets PRO downgrade and not upgrade', () => {
    expect(subscriptionDetails(plan('PRO'), usage)).toMatchObject({ canUpgrade: false, canDowngrade: true });
  });

  it('shows a paying subscription and its provider object with epoch-second periods; an ended one as none', () => {
    const sub = {
      subscriptionId: 'sub_1',
      customerId: 'cus_1',
      status: 'active',
      cancelAtPeriodEnd: true,
      currentPeriodStart: '2026-11-22T18:00:00.000Z',
      currentPeriodEnd: '2026-12-22T18:00:00.000Z',
      ended: false,
      plan: 'PRO',
    };
    expect(subscriptionDetails({ ...plan('PRO'), subscription: sub }, usage)).toMatchObject({
      subscription: {
        status: 'active',
        cancelAtPeriodEnd: true,
        currentPeriodEnd: '2026-12-22T18:00:00.000Z',
      },
      providerSubscription: {
        id: 'sub_1',
        status: 'active',
        cancel_at_period_end: true,
        current_period_start: 1795370400,
        current_period_end: 1797962400,
      },
    });
    const ended = { ...sub, status: 'canceled', ended: true };
    expect(subscriptionDetails({ ...plan('STANDARD'), subscription: ended }, usage)).toMatchObject({
      subscription: null,
      providerSubscription: null,
    });
  });
});
