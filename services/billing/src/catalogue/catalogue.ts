import { formatPrice, PLAN_IDS, PLANS, type Plan, type PlanId, type PlanLimits } from '@parley/contracts';

/**
 * The plan catalogue of spec section 9 is code (packages/contracts/src/plans.ts), not data: a
 * price or limit changes with a release. Billing is its one owner at run time; everything else
 * asks billing or keeps the limits billing's events carry.
 */
export function listPlans(): Plan[] {
  return PLAN_IDS.map((id) => PLANS[id]);
}

/** A plan as the dashboard shows it, the price formatted per the spec's display rule. */
export interface PlanDetails {
  name: string;
  description: string;
  /** '$12/month'; '$0/month' for the free plan. */
  priceFormatted: string;
  interval: Plan['interval'];
  isFree: boolean;
  features: string[];
  credits: number;
  /** -1 means unlimited (shown as ∞). */
  maxDomains: number;
}

export function limitsOf(id: PlanId): PlanLimits {
  const plan = PLANS[id];
  return {
    maxDomains: plan.maxDomains,
    credits: plan.credits,
    contacts: plan.contacts,
    emailsPerMonth: plan.emailsPerMonth,
  };
}

export function planDetailsOf(id: PlanId): PlanDetails {
  const plan = PLANS[id];
  return {
    name: plan.name,
    description: plan.description,
    priceFormatted: formatPrice(plan.priceCents),
    interval: plan.interval,
    isFree: plan.priceCents === 0,
    features: [...plan.features],
    credits: plan.credits,
    maxDomains: plan.maxDomains,
  };
}
