import type { Product } from './types';
import { formatMinorUnits } from '@parley/contracts/payments';
import { currentCurrency } from './price';

/** Spec screen 14, type Payment: 1 'Details', 2 'Complete Your Purchase', 3 'Thank You'. */
export type PaymentStep = 1 | 2 | 3;
export const PAYMENT_STEP_TITLES: Record<PaymentStep, string> = {
  1: 'Details',
  2: 'Complete Your Purchase',
  3: 'Thank You',
};

/** Section 8, Payments: the catalogue's texts. */
export const PAYMENT_TEXTS = {
  loadFailed: 'Failed to load payment system. Please refresh the page and try again.',
  notReady: 'Payment system is not ready. Please wait a moment and try again.',
  noCard: 'Card element not found',
  intentFailed: 'Failed to create payment intent',
  paymentFailed: 'Payment failed',
} as const;

/** The product's pictures, first the main one, without repeats. */
export function galleryOf(p: Pick<Product, 'image' | 'images'>): string[] {
  const all = [p.image, ...(p.images ?? [])].filter((s): s is string => !!s);
  return [...new Set(all)];
}

/**
 * The most that can be bought with these choices: tracked options limit the quantity to what is
 * left (section 5's quantity tracking); otherwise up to 99.
 */
export function maxQuantity(p: Pick<Product, 'variants'>, chosen: Record<string, string>): number {
  let max = 99;
  for (const v of p.variants ?? []) {
    if (!v.trackQuantity) continue;
    const option = v.options.find((o) => o.value === chosen[v.name]);
    if (option) max = Math.min(max, Math.max(0, option.quantity ?? 0));
  }
  return max;
}

/** An amount in the domain currency's smallest unit (cents, or yen), as the order is charged. */
export const formatCents = (minor: number) => formatMinorUnits(minor, currentCurrency());
