import { discountedPriceOf } from '@parley/contracts/validation';
import type { ProductItem } from '../knowledge/model';
import { normalise } from './text/analyse';

/** The price a visitor pays: the contract's formula, so the answer quotes the card's price to the cent. */
export function discountedPrice(p: Pick<ProductItem, 'price' | 'hasDiscount' | 'discount'>): number {
  return discountedPriceOf({ ...p, discount: Math.min(100, Math.max(0, p.discount)) });
}

export const isOnSale = (p: ProductItem): boolean => p.hasDiscount && p.discount > 0;

/** What a shopping message asks of the catalogue besides its topic words. */
export interface ProductFilter {
  /** Only products cheaper than this (after discount). */
  maxPrice: number | null;
  /** Only products at least this price. */
  minPrice: number | null;
  saleOnly: boolean;
  /** Words that may ask for discounted products, or about a discount policy. */
  mentionsDiscount: boolean;
  /** "The cheapest …", "your most expensive …", "smallest …": one product, by price or size. */
  order: ProductOrder | null;
}

export type ProductOrder = 'cheapest' | 'dearest' | 'smallest' | 'largest';

const ORDERS: Array<[ProductOrder, RegExp]> = [
  [
    'cheapest',
    /\b(?:cheapest|least expensive|lowest[- ]priced?|most affordable|lowest cost|budget option)\b/,
  ],
  [
    'dearest',
    /\b(?:most expensive|priciest|dearest|highest[- ]priced?|top of the range|fanciest|most premium)\b/,
  ],
  ['smallest', /\b(?:smallest|tiniest|littlest)\b/],
  ['largest', /\b(?:biggest|largest)\b/],
];

// A number that is not a quantity of something else ("under 5 days", "over 2 kg").
const AMOUNT = String.raw`[$£€]?\s?(\d+(?:[.,]\d{1,2})?)(?![\d.,]|\s?(?:days?|weeks?|months?|years?|hours?|minutes?|mins?|kg|g|cm|mm|ml|l|oz|lbs?|people|users?)\b|\s?%)`;
const MONEY = String.raw`(?:[$£€]\s?(\d+(?:[.,]\d{1,2})?)|(\d+(?:[.,]\d{1,2})?)\s?(?:usd|gbp|eur|dollars?|pounds?|euros?|bucks))`;
const BELOW = new RegExp(
  String.raw`\b(?:under|below|less than|cheaper than|max(?:imum)?|at most|no more than)\s*${AMOUNT}`,
);
// "over 50" is as often about free shipping as about products, so only money counts here.
const ABOVE = new RegExp(String.raw`\b(?:over|above|more than|at least)\s*${MONEY}`);
// "On sale" can only mean the catalogue; "discount" or "offer" alone may ask about a policy
// ("any discount for students?"), so those count only when nothing but products fits the rest.
const SALE =
  /\b(on sale|for sale|sales?|on offer|on special|reduced|clearance|going cheap|marked down|bargains?)\b/;
const DISCOUNT = /\b(discount(?:s|ed)?|offers?|deals?|promo(?:tion)?s?|cheapest)\b/;

export function productFilterOf(message: string): ProductFilter {
  const t = normalise(message);
  const below = BELOW.exec(t);
  const above = ABOVE.exec(t);
  const price = (m: RegExpExecArray | null) => {
    const digits = m?.[1] ?? m?.[2];
    return digits ? Number.parseFloat(digits.replace(',', '.')) : null;
  };
  return {
    maxPrice: price(below),
    minPrice: price(above),
    saleOnly: SALE.test(t),
    mentionsDiscount: DISCOUNT.test(t),
    order: ORDERS.find(([, pattern]) => pattern.test(t))?.[0] ?? null,
  };
}

export const filters = (f: ProductFilter): boolean =>
  f.maxPrice !== null || f.minPrice !== null || f.saleOnly;

const UNITS: Record<string, number> = {
  ml: 1,
  l: 1000,
  litre: 1000,
  liter: 1000,
  g: 1,
  kg: 1000,
  oz: 28.35,
  lb: 453.6,
  cm: 1,
  mm: 0.1,
  m: 100,
};
/** The first size the product states ("12 oz bag", "500 ml"), in a common unit; null when none. */
export function sizeOf(p: Pick<ProductItem, 'name' | 'description'>): number | null {
  const m = /(\d+(?:[.,]\d+)?)\s?(ml|l|litre|liter|g|kg|oz|lb|cm|mm|m)\b/i.exec(`${p.name} ${p.description}`);
  return m ? Number.parseFloat(m[1]!.replace(',', '.')) * UNITS[m[2]!.toLowerCase()]! : null;
}

/**
 * Products in the order asked for: by the price paid for cheapest/dearest, by stated size for
 * smallest/largest (by price when fewer than two state one).
 */
export function ordered(products: ProductItem[], order: ProductOrder): ProductItem[] {
  const bySize =
    (order === 'smallest' || order === 'largest') && products.filter((p) => sizeOf(p) !== null).length >= 2;
  const key = (p: ProductItem) => (bySize ? sizeOf(p)! : discountedPrice(p));
  const ascending = order === 'cheapest' || order === 'smallest';
  return products
    .filter((p) => !bySize || sizeOf(p) !== null)
    .sort((a, b) => (ascending ? key(a) - key(b) : key(b) - key(a)));
}

export function passes(p: ProductItem, f: ProductFilter): boolean {
  const price = discountedPrice(p);
  if (f.maxPrice !== null && price > f.maxPrice) return false;
  if (f.minPrice !== null && price < f.minPrice) return false;
  if (f.saleOnly && !isOnSale(p)) return false;
  return true;
}

/** A number as people write it: no decimals when whole, else two. */
export const formatPrice = (n: number): string => (Number.isInteger(n) ? String(n) : n.toFixed(2));

const moneyFormats = new Map<string, Intl.NumberFormat[]>();

/**
 * An amount in the domain's currency as people write it: "$48", "£18.50", "€170" (no decimals
 * when whole). An unknown code is written after the number ("48 XYZ").
 */
export function formatMoney(amount: number, currency: string): string {
  let formats = moneyFormats.get(currency);
  if (!formats) {
    try {
      formats = [0, 2].map(
        (digits) =>
          new Intl.NumberFormat('en', {
            style: 'currency',
            currency,
            minimumFractionDigits: digits,
            maximumFractionDigits: digits,
          }),
      );
    } catch {
      return `${formatPrice(amount)} ${currency}`;
    }
    moneyFormats.set(currency, formats);
  }
  return formats[Number.isInteger(amount) ? 0 : 1]!.format(amount);
}
