/** The plan catalogue of spec section 9. Prices in cents; -1 means unlimited. */
export const PLAN_IDS = ['STANDARD', 'PRO'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export interface Plan {
  id: PlanId;
  name: string;
  description: string;
  priceCents: number;
  interval: 'month';
  credits: number;
  maxDomains: number;
  contacts: number;
  emailsPerMonth: number;
  features: string[];
}

export const PLANS: Record<PlanId, Plan> = {
  STANDARD: {
    id: 'STANDARD',
    name: 'Standard',
    description: 'Everything a small site needs to start answering visitors.',
    priceCents: 0,
    interval: 'month',
    credits: 100,
    maxDomains: 1,
    contacts: 1000,
    emailsPerMonth: 10,
    features: ['100 chatbot requests a month', '1 domain', '1,000 contacts', '10 marketing emails a month'],
  },
  PRO: {
    id: 'PRO',
    name: 'Pro',
    description: 'For growing teams with several sites and live support.',
    priceCents: 1200,
    interval: 'month',
    credits: 1000,
    maxDomains: 5,
    contacts: 10000,
    emailsPerMonth: 100,
    features: [
      '1,000 chatbot requests a month',
      '5 domains',
      '10,000 contacts',
      '100 marketing emails a month',
      'Custom branding',
      'API access',
    ],
  },
};

/** cents / 100 as $X/month, per the spec's price display rule. */
export function formatPrice(priceCents: number): string {
  const dollars = priceCents / 100;
  return `$${Number.isInteger(dollars) ? dollars : dollars.toFixed(2)}/month`;
}
