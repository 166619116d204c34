import { productSchema } from '@parley/contracts/validation';
import { discountedPrice, formatMoney } from './money';

describe('prices', () => {
  it('derives the discounted price exactly as the shared schema does', () => {
    const base = { domainId: 'd', name: 'Mug', productType: 'Mug', description: 'A mug' };
    for (const [price, discount] of [
      [19.99, 15],
      [10, 0],
      [0.05, 33],
      [1000, 100],
      [12.345, 12.5],
    ] as const) {
      const server = productSchema.parse({ ...base, price, hasDiscount: true, discount }).discountedPrice;
      expect(discountedPrice(price, true, discount)).toBe(server);
    }
    expect(discountedPrice(20, false, 50)).toBe(20);
    expect(discountedPrice('', true, 10)).toBeUndefined();
  });

  it('formats currency units as dollars', () => {
    expect(formatMoney(12)).toBe('$12.00');
    expect(formatMoney(undefined)).toBe('');
  });
});
