import { formatDomains, priceParts } from './plan';

describe('plan formatting', () => {
  it('shows cents / 100 as $X/month', () => {
    expect(priceParts(1200)).toEqual({ amount: '$12', period: '/month', full: '$12/month' });
    expect(priceParts(0).full).toBe('$0/month');
    expect(priceParts(1250).full).toBe('$12.50/month');
  });

  it('shows unlimited domains as the infinity symbol', () => {
    expect(formatDomains(-1)).toBe('∞');
    expect(formatDomains(5)).toBe('5');
    expect(formatDomains(1000)).toBe('1,000');
  });
});
