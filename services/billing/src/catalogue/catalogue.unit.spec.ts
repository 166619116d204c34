import { limitsOf, listPlans, planDetailsOf } from './catalogue';

describe('plan catalogue (spec section 9)', () => {
  it('lists STANDARD then PRO', () => {
    expect(listPlans().map((p) => p.id)).toEqual(['STANDARD', 'PRO']);
  });

  it('gives each plan the limits of the spec', () => {
    expect(limitsOf('STANDARD')).toEqual({ maxDomains: 1, credits: 100, contacts: 1000, emailsPerMonth: 10 });
    expect(limitsOf('PRO')).toEqual({ maxDomains: 5, credits: 1000, contacts: 10000, emailsPerMonth: 100 });
  });

  it('shows the price as cents / 100 per month, and the free plan as free', () => {
    expect(planDetailsOf('STANDARD')).toMatchObject({
      name: 'Standard',
      priceFormatted: '$0/month',
      isFree: true,
    });
    expect(planDetailsOf('PRO')).toEqual({
      name: 'Pro',
      description: 'For growing teams with several sites and live support.',
      priceFormatted: '$12/month',
      interval: 'month',
      isFree: false,
      features: [
        '1,000 chatbot requests a month',
        '5 domains',
        '10,000 contacts',
        '100 marketing emails a month',
        'Custom branding',
        'API access',
      ],
      credits: 1000,
      maxDomains: 5,
    });
  });

  it('hands out copies: a caller changing a feature list cannot change the catalogue', () => {
    planDetailsOf('PRO').features.push('Everything free');
    expect(planDetailsOf('PRO').features).not.toContain('Everything free');
  });
});
