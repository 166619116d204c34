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
}

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
const SALE = /\b(on sale|for sale|sales?|on offer|on special|reduced|clearance)\b/;
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
  };
}

export const filters = (f: ProductFilter): boolean =>
  f.maxPrice !== null || f.minPrice !== null || f.saleOnly;

export function passes(p: ProductItem, f: ProductFilter): boolean {
  const price = discountedPrice(p);
  if (f.maxPrice !== null && price > f.maxPrice) return false;
  if (f.minPrice !== null && price < f.minPrice) return false;
  if (f.saleOnly && !isOnSale(p)) return false;
  return true;
}

/** A price as people write it: no decimals when whole, else two. */
export const formatPrice = (n: number): string => (Number.isInteger(n) ? String(n) : n.toFixed(2));
