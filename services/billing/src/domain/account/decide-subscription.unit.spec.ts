import type { SubscriptionSnapshot } from '@parley/contracts';
import { deciderSpec } from '@parley/testing';
import { accountDecider } from './decide';
import type { AccountEvent } from './events';

const accountId = 'acc-1';
const now = Date.parse('2026-11-22T18:00:00.000Z');
const at = new Date(now).toISOString();
const standard = { maxDomains: 1, credits: 100, contacts: 1000, emailsPerMonth: 10 };
const pro = { maxDomains: 5, credits: 1000, contacts: 10000, emailsPerMonth: 100 };

const registered: AccountEvent = {
  type: 'billing.AccountPlanChanged',
  data: {
    accountId,
    plan: 'STANDARD',
    selectedPlan: 'STANDARD',
    limits: standard,
    changedAt: '2026-11-01T00:00:00.000Z',
  },
};
const snapshot = (over: Partial<SubscriptionSnapshot> = {}): SubscriptionSnapshot => ({
  subscriptionId: 'sub_1',
  customerId: 'cus_1',
  plan: 'PRO',
  status: 'active',
  cancelAtPeriodEnd: false,
  currentPeriodStart: '2026-11-22T18:00:00.000Z',
  currentPeriodEnd: '2026-12-22T18:00:00.000Z',
  ...over,
});
const sync = (s: SubscriptionSnapshot) => ({
  type: 'SyncSubscription' as const,
  accountId,
  snapshot: s,
  now,
});
const ev = (type: AccountEvent['type'], s: SubscriptionSnapshot, previousStatus?: string): AccountEvent =>
  ({ type, data: { accountId, ...s, ...(previousStatus ? { previousStatus } : {}), at } }) as AccountEvent;
const toPro: AccountEvent = {
  type: 'billing.AccountPlanChanged',
  data: { accountId, plan: 'PRO', selectedPlan: 'PRO', limits: pro, changedAt: at },
};
const toStandard: AccountEvent = {
  type: 'billing.AccountPlanChanged',
  data: { accountId, plan: 'STANDARD', selectedPlan: 'PRO', limits: standard, changedAt: at },
};
const started = ev('billing.SubscriptionStarted', snapshot());

describe('billing account decider: subscriptions', () => {
  const spec = deciderSpec(accountDecider);

  it('an active subscription starts and moves the account to PRO with its limits', () => {
    const state = spec.given([registered]).when(sync(snapshot())).then([started, toPro]);
    expect(state.plan).toBe('PRO');
    expect(state.limits).toEqual(pro);
  });

  it('the same report twice records nothing the second time', () => {
    spec.given([registered, started, toPro]).when(sync(snapshot())).then([]);
  });

  it('an incomplete subscription (first payment not made) starts nothing', () => {
    spec
      .given([registered])
      .when(sync(snapshot({ status: 'incomplete' })))
      .then([]);
  });

  it('a subscription first seen already set to cancel starts and is scheduled to end', () => {
    const s = snapshot({ cancelAtPeriodEnd: true });
    spec
      .given([registered])
      .when(sync(s))
      .then([ev('billing.SubscriptionStarted', s), ev('billing.SubscriptionCancelScheduled', s), toPro]);
  });

  it('cancel at period end keeps PRO until the end, which returns the account to STANDARD', () => {
    const cancelling = snapshot({ cancelAtPeriodEnd: true });
    spec
      .given([registered, started, toPro])
      .when(sync(cancelling))
      .then([ev('billing.SubscriptionCancelScheduled', cancelling)]);
    const ended = snapshot({ cancelAtPeriodEnd: true, status: 'canceled' });
    const state = spec
      .given([registered, started, toPro, ev('billing.SubscriptionCancelScheduled', cancelling)])
      .when(sync(ended))
      .then([ev('billing.SubscriptionEnded', ended, 'active'), toStandard]);
    expect(state.subscription?.ended).toBe(true);
  });

  it('a renewal moves the period on; a report older than what is recorded changes nothing', () => {
    const renewed = snapshot({
      currentPeriodStart: '2026-12-22T18:00:00.000Z',
      currentPeriodEnd: '2027-01-22T18:00:00.000Z',
    });
    spec
      .given([registered, started, toPro])
      .when(sync(renewed))
      .then([ev('billing.SubscriptionRenewed', renewed)]);
    spec
      .given([registered, started, toPro, ev('billing.SubscriptionRenewed', renewed)])
      .when(sync(snapshot()))
      .then([]);
  });

  it('past_due keeps PRO while the provider retries; unpaid returns to STANDARD; paid again returns to PRO', () => {
    const pastDue = snapshot({ status: 'past_due' });
    spec
      .given([registered, started, toPro])
      .when(sync(pastDue))
      .then([ev('billing.SubscriptionStatusChanged', pastDue, 'active')]);
    const unpaid = snapshot({ status: 'unpaid' });
    const history = [registered, started, toPro, ev('billing.SubscriptionStatusChanged', pastDue, 'active')];
    spec
      .given(history)
      .when(sync(unpaid))
      .then([ev('billing.SubscriptionStatusChanged', unpaid, 'past_due'), toStandard]);
    const again = snapshot({ status: 'active' });
    spec
      .given([...history, ev('billing.SubscriptionStatusChanged', unpaid, 'past_due'), toStandard])
      .when(sync(again))
      .then([
        ev('billing.SubscriptionStatusChanged', again, 'unpaid'),
        { ...toPro, data: { ...toPro.data, selectedPlan: 'PRO' } } as AccountEvent,
      ]);
  });

  it('a second subscription while one pays is not taken; after the first ended a new one starts', () => {
    const other = snapshot({ subscriptionId: 'sub_2' });
    spec.given([registered, started, toPro]).when(sync(other)).then([]);
    const ended = snapshot({ status: 'canceled' });
    spec
      .given([registered, started, toPro, ev('billing.SubscriptionEnded', ended, 'active'), toStandard])
      .when(sync(other))
      .then([ev('billing.SubscriptionStarted', other), toPro]);
  });

  it('an ended subscription stays ended whatever later reports say', () => {
    const ended = snapshot({ status: 'canceled' });
    spec
      .given([registered, started, toPro, ev('billing.SubscriptionEnded', ended, 'active'), toStandard])
      .when(sync(snapshot()))
      .then([]);
  });

  it('records a declined charge', () => {
    const failure = {
      subscriptionId: 'sub_1',
      invoiceId: 'in_1',
      paymentIntentId: null,
      amountCents: 1200,
      currency: 'usd',
      message: 'Your card was declined.',
    };
    spec
      .given([registered])
      .when({ type: 'RecordPaymentFailure', accountId, failure, now })
      .then([{ type: 'billing.PaymentFailed', data: { accountId, ...failure, failedAt: at } }]);
  });
});

describe('billing account decider: the connected account', () => {
  const spec = deciderSpec(accountDecider);
  const payout = { connectedAccountId: 'acct_1', chargesEnabled: true, detailsSubmitted: true };
  const recorded: AccountEvent = {
    type: 'billing.PayoutAccountUpdated',
    data: { accountId, ...payout, updatedAt: at },
  };

  it('records a change of the connected account once', () => {
    const state = spec
      .given([registered])
      .when({ type: 'RecordPayoutAccount', accountId, payout, now })
      .then([recorded]);
    expect(state.payout).toEqual(payout);
    spec.given([registered, recorded]).when({ type: 'RecordPayoutAccount', accountId, payout, now }).then([]);
    spec
      .given([registered, recorded])
      .when({ type: 'RecordPayoutAccount', accountId, payout: { ...payout, chargesEnabled: false }, now })
      .then([{ ...recorded, data: { ...recorded.data, chargesEnabled: false } } as AccountEvent]);
  });
});
