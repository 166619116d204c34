import { buyNowHref, formatPrice, optionDisabled, productPrice, setCurrency } from './price';

describe('prices', () => {
  afterEach(() => setCurrency(undefined));

  it("writes prices in the domain's currency, USD when it names none", () => {
    setCurrency('GBP');
    expect(formatPrice(18.5)).toBe('£18.50');
    expect(productPrice({ price: 50, hasDiscount: true, discount: 20, discountedPrice: 40 }).current).toBe(
      '£40.00',
    );
    setCurrency('EUR');
    expect(formatPrice(170)).toBe('€170.00');
    setCurrency(undefined);
    expect(formatPrice(12)).toBe('$12.00');
    setCurrency('not a code');
    expect(formatPrice(12)).toBe('$12.00');
  });

  it('formats currency units as dollars', () => {
    expect(formatPrice(12)).toBe('$12.00');
    expect(formatPrice(1234.5)).toBe('$1,234.50');
    expect(formatPrice(undefined)).toBe('');
  });

  it('shows the discounted price with the original struck through', () => {
    expect(productPrice({ price: 50, hasDiscount: true, discount: 20, discountedPrice: 40 })).toEqual({
      current: '$40.00',
      original: '$50.00',
      badge: '20% off',
    });
    expect(productPrice({ price: 50, hasDiscount: false, discount: 20, discountedPrice: 40 })).toEqual({
      current: '$50.00',
      original: null,
      badge: null,
    });
  });

  it('disables tracked options without stock', () => {
    expect(optionDisabled(true, { value: 'S', quantity: 0 })).toBe(true);
    expect(optionDisabled(true, { value: 'S' })).toBe(true);
    expect(optionDisabled(true, { value: 'S', quantity: 2 })).toBe(false);
    expect(optionDisabled(false, { value: 'S', quantity: 0 })).toBe(false);
  });

  it('offers Buy Now only for a non-blank http(s) productUrl', () => {
    expect(buyNowHref('https://shop.example/p')).toBe('https://shop.example/p');
    expect(buyNowHref('  ')).toBeNull();
    expect(buyNowHref(null)).toBeNull();
    expect(buyNowHref('javascript:alert(1)')).toBeNull();
  });
});
