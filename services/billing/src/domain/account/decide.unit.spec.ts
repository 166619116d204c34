import { deciderSpec } from '@parley/testing';
import { accountDecider } from './decide';
import type { AccountPlanChanged } from './events';

const accountId = '6f1c2a4e-9b1d-4c55-8f0e-2d7a9e3b1c10';
const now = Date.parse('2026-11-22T18:00:00.000Z');
const standardLimits = { maxDomains: 1, credits: 100, contacts: 1000, emailsPerMonth: 10 };

const assigned = (selectedPlan: 'STANDARD' | 'PRO', at = now): AccountPlanChanged => ({
  type: 'billing.AccountPlanChanged',
  data: {
    accountId,
    plan: 'STANDARD',
    selectedPlan,
    limits: standardLimits,
    changedAt: new Date(at).toISOString(),
  },
});

describe('billing account decider', () => {
  const spec = deciderSpec(accountDecider);

  it('gives a new account STANDARD with its limits, keeping a PRO pick as selected', () => {
    const state = spec
      .given([])
      .when({ type: 'AssignInitialPlan', accountId, selectedPlan: 'PRO', now })
      .then([assigned('PRO')]);
    expect(state).toEqual({
      plan: 'STANDARD',
      selectedPlan: 'PRO',
      limits: standardLimits,
      changedAt: '2026-11-22T18:00:00.000Z',
      subscription: null,
      payout: null,
    });
  });

  it('gives a STANDARD pick STANDARD', () => {
    spec
      .given([])
      .when({ type: 'AssignInitialPlan', accountId, selectedPlan: 'STANDARD', now })
      .then([assigned('STANDARD')]);
  });

  it('assigns the initial plan once: a repeated registration changes nothing', () => {
    spec
      .given([assigned('PRO')])
      .when({ type: 'AssignInitialPlan', accountId, selectedPlan: 'PRO', now: now + 1000 })
      .then([]);
  });

  it('does not let a later registration replace the pick recorded first', () => {
    const state = spec
      .given([assigned('PRO')])
      .when({ type: 'AssignInitialPlan', accountId, selectedPlan: 'STANDARD', now: now + 1000 })
      .then([]);
    expect(state.selectedPlan).toBe('PRO');
  });
});
