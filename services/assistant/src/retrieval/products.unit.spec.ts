import { discountedPriceOf } from '@parley/contracts/validation';
import { discountedPrice } from './products';

describe('discountedPrice', () => {
  it('is the product card’s price to the cent (the contract’s formula, no float drift)', () => {
    // 0.05 * 0.7 * 100 is 3.4999999999999996 in floating point: a cent below the card's 0.04.
    expect(discountedPrice({ price: 0.05, hasDiscount: true, discount: 30 })).toBe(0.04);
    for (const [price, discount] of [
      [19.99, 15],
      [1234.56, 33],
      [0.05, 30],
      [80, 0],
    ] as const) {
      const p = { price, hasDiscount: true, discount };
      expect(discountedPrice(p)).toBe(discountedPriceOf(p));
    }
  });

  it('is the plain price without a discount and never below zero', () => {
    expect(discountedPrice({ price: 42, hasDiscount: false, discount: 30 })).toBe(42);
    expect(discountedPrice({ price: 42, hasDiscount: true, discount: 140 })).toBe(0);
  });
});
