import { productSchema } from '@parley/contracts/validation';
import { currencySymbol, discountedPrice, formatMoney } from './money';

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

  it('formats currency units in the domain currency, dollars when it names none', () => {
    expect(formatMoney(12)).toBe('$12.00');
    expect(formatMoney(undefined)).toBe('');
    expect(formatMoney(33.15, 'EUR')).toBe('€33.15');
    expect(formatMoney(18.5, 'GBP')).toBe('£18.50');
    expect(formatMoney(1200, 'JPY')).toBe('¥1,200');
    expect(formatMoney(0.1 + 0.2, 'USD')).toBe('$0.30');
  });

  it("gives an amount field the currency's sign, or its code", () => {
    expect(currencySymbol()).toBe('$');
    expect(currencySymbol('EUR')).toBe('€');
    expect(currencySymbol('GBP')).toBe('£');
    expect(currencySymbol('CHF')).toBe('CHF');
    expect(currencySymbol('not a code')).toBe('not a code');
  });
});
