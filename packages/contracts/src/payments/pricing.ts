import { discountedPriceOf, optionAvailable } from '../content/pricing';
import { AppError } from '../errors';
import { ORDER_MESSAGES } from './messages';

/** What was chosen for an order: never an amount. */
export interface OrderChoice {
  productId: string;
  /** variant name -> the option's value */
  variants: Record<string, string>;
  quantity: number;
}

export interface PricedProduct {
  name: string;
  price: number;
  hasDiscount?: boolean | null;
  discount?: number | null;
  variants?: {
    name: string;
    trackQuantity?: boolean;
    options: { value: string; priceAdjustment?: number | null; quantity?: number | null }[];
  }[];
}

/**
 * Stripe's zero-decimal currencies (amounts in whole units, e.g. yen); every other currency a
 * domain can choose is charged in hundredths.
 */
const ZERO_DECIMAL = new Set([
  'BIF',
  'CLP',
  'DJF',
  'GNF',
  'JPY',
  'KMF',
  'KRW',
  'MGA',
  'PYG',
  'RWF',
  'UGX',
  'VND',
  'VUV',
  'XAF',
  'XOF',
  'XPF',
]);

/** How many decimals a currency's smallest unit has, as payment amounts are counted (2, or 0). */
export const minorUnitDigits = (currency: string): number =>
  ZERO_DECIMAL.has(currency.toUpperCase()) ? 0 : 2;

/** An amount in a currency's smallest unit, for people: `formatMinorUnits(4900, 'usd')` is '$49.00'. */
export const formatMinorUnits = (amount: number, currency: string): string =>
  (amount / 10 ** minorUnitDigits(currency)).toLocaleString('en-US', {
    style: 'currency',
    currency: currency.toUpperCase(),
  });

export interface PricedOrder {
  /**
   * One item's price in the currency's smallest unit (cents; yen for JPY): the (discounted) price
   * plus the chosen options' adjustments. `amountCents` is that times the quantity.
   */
  unitCents: number;
  amountCents: number;
  quantity: number;
  /** e.g. [{ variant: 'Size', value: 'Large' }] in the product's variant order. */
  choices: { variant: string; value: string }[];
  /** 'Mug — Size: Large, Colour: Blue × 2' */
  description: string;
}

const refuse = (field: string, message: string) =>
  new AppError('validation', message, [{ field, message }], 'VALIDATION');

/**
 * The price of an order, computed from the product as the shop saved it (spec section 5's
 * quantity rules): every variant needs one of its options; a tracked option with quantity 0 or
 * missing is sold out, and the quantity bought cannot pass what is left. The widget shows this
 * total and the gateway charges it, in the domain's currency: the browser never sends an amount.
 */
export function priceOrder(product: PricedProduct, selection: OrderChoice, currency = 'USD'): PricedOrder {
  const scale = 10 ** minorUnitDigits(currency);
  const base = discountedPriceOf({
    price: product.price,
    hasDiscount: !!product.hasDiscount,
    discount: product.discount ?? 0,
  });
  let unit = Math.round(base * scale);
  const choices: PricedOrder['choices'] = [];
  for (const variant of product.variants ?? []) {
    const value = selection.variants[variant.name];
    if (!value) throw refuse(`variants.${variant.name}`, ORDER_MESSAGES.chooseOption(variant.name));
    const option = variant.options.find((o) => o.value === value);
    if (!option) throw refuse(`variants.${variant.name}`, ORDER_MESSAGES.unknownOption(variant.name));
    const tracked = { trackQuantity: !!variant.trackQuantity };
    if (!optionAvailable(tracked, option))
      throw refuse(`variants.${variant.name}`, ORDER_MESSAGES.soldOut(variant.name, value));
    if (tracked.trackQuantity && (option.quantity ?? 0) < selection.quantity)
      throw refuse('quantity', ORDER_MESSAGES.notEnough(variant.name, value, option.quantity ?? 0));
    unit += Math.round((option.priceAdjustment ?? 0) * scale);
    choices.push({ variant: variant.name, value });
  }
  if (unit < 50) throw refuse('productId', ORDER_MESSAGES.notForSale);
  const chosen = choices.map((c) => `${c.variant}: ${c.value}`).join(', ');
  return {
    unitCents: unit,
    amountCents: unit * selection.quantity,
    quantity: selection.quantity,
    choices,
    description: `${product.name}${chosen ? ` — ${chosen}` : ''} × ${selection.quantity}`,
  };
}
