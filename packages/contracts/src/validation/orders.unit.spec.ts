import { AppError } from '../errors';
import { billingDetailsErrors, formatMinorUnits, minorUnitDigits } from '../payments';
import { priceOrder } from './orders';
import { billingDetailsSchema } from './payments';

const mug = {
  name: 'Mug',
  price: 20,
  hasDiscount: true,
  discount: 10,
  variants: [
    {
      name: 'Size',
      trackQuantity: true,
      options: [
        { value: 'Small', priceAdjustment: 0, quantity: 5 },
        { value: 'Large', priceAdjustment: 4.5, quantity: 2 },
        { value: 'Huge', priceAdjustment: 9, quantity: 0 },
      ],
    },
    { name: 'Colour', options: [{ value: 'Blue', priceAdjustment: -1 }, { value: 'Red' }] },
  ],
};

const refusal = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    return e as AppError;
  }
  throw new Error('not refused');
};

describe('priceOrder', () => {
  it('is the discounted price plus the chosen options, times the quantity, in cents', () => {
    expect(
      priceOrder(mug, { productId: 'p', variants: { Size: 'Large', Colour: 'Blue' }, quantity: 2 }),
    ).toEqual({
      unitCents: 1800 + 450 - 100,
      amountCents: 2 * 2150,
      quantity: 2,
      choices: [
        { variant: 'Size', value: 'Large' },
        { variant: 'Colour', value: 'Blue' },
      ],
      description: 'Mug — Size: Large, Colour: Blue × 2',
    });
  });

  it('needs an option of every variant, a known one, not sold out, and no more than is left', () => {
    expect(
      refusal(() => priceOrder(mug, { productId: 'p', variants: { Size: 'Small' }, quantity: 1 })).message,
    ).toBe('Choose a Colour');
    expect(
      refusal(() =>
        priceOrder(mug, { productId: 'p', variants: { Size: 'Giant', Colour: 'Red' }, quantity: 1 }),
      ).message,
    ).toBe('That Size is not available');
    expect(
      refusal(() =>
        priceOrder(mug, { productId: 'p', variants: { Size: 'Huge', Colour: 'Red' }, quantity: 1 }),
      ).message,
    ).toBe('Huge (Size) is sold out');
    expect(
      refusal(() =>
        priceOrder(mug, { productId: 'p', variants: { Size: 'Large', Colour: 'Red' }, quantity: 3 }),
      ).message,
    ).toBe('Only 2 left of Large (Size)');
  });

  it('takes a product without variants at its price', () => {
    expect(
      priceOrder({ name: 'Book', price: 12.99 }, { productId: 'p', variants: {}, quantity: 1 }).amountCents,
    ).toBe(1299);
  });
});

describe('billingDetailsErrors (the widget’s form, without zod)', () => {
  it('gives the form’s messages by field, as the API does', () => {
    const bad = {
      name: ' ',
      email: 'nope',
      address: { line1: '', city: 'X', postal_code: '', state: 'IL', country: 'USA' },
    };
    expect(billingDetailsErrors(bad)).toEqual({
      name: 'Full name is required',
      email: 'Incorrect email format',
      'address.line1': 'Address line 1 is required',
      'address.postal_code': 'Postal code is required',
      'address.country': 'Choose a country',
    });
    const zodErrors = billingDetailsSchema
      .safeParse(bad)
      .error!.issues.map((i) => [i.path.join('.'), i.message]);
    expect(Object.fromEntries(zodErrors)).toEqual(billingDetailsErrors(bad));
    expect(
      billingDetailsErrors({
        name: 'Ada',
        email: 'a@b.co',
        address: { line1: '1', city: 'c', postal_code: 'p', state: 's' },
      }),
    ).toEqual({});
  });
});

describe('an order in the domain’s currency', () => {
  const choice = { productId: 'p1', variants: { Size: 'Large', Colour: 'Blue' }, quantity: 2 };

  it('counts in the currency’s smallest unit: hundredths, or whole yen', () => {
    // (20 - 10%) + 4.50 - 1 = 21.50 a mug.
    expect(priceOrder(mug, choice).amountCents).toBe(4300);
    expect(priceOrder(mug, choice, 'GBP').amountCents).toBe(4300);
    const yen = {
      ...mug,
      price: 2000,
      variants: [{ ...mug.variants[1]!, options: [{ value: 'Blue', priceAdjustment: -100 }] }],
    };
    expect(priceOrder(yen, { ...choice, variants: { Colour: 'Blue' } }, 'JPY').amountCents).toBe(3400);
  });

  it('shows an amount as people read it in that currency', () => {
    expect(formatMinorUnits(4300, 'usd')).toBe('$43.00');
    expect(formatMinorUnits(4300, 'GBP')).toBe('£43.00');
    expect(formatMinorUnits(3400, 'jpy')).toBe('¥3,400');
    expect(minorUnitDigits('jpy')).toBe(0);
    expect(minorUnitDigits('EUR')).toBe(2);
  });
});
