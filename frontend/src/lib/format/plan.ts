import { formatPrice } from '@parley/contracts/plans';

/** Spec section 9: price is cents / 100 as "$X/month"; split so the amount can be styled. */
export function priceParts(priceCents: number): { amount: string; period: string; full: string } {
  const full = formatPrice(priceCents);
  const slash = full.indexOf('/');
  return { amount: full.slice(0, slash), period: full.slice(slash), full };
}

/** maxDomains -1 means unlimited, shown as the infinity symbol. */
export function formatDomains(maxDomains: number): string {
  return maxDomains === -1 ? '∞' : maxDomains.toLocaleString('en-US');
}

export function formatCount(n: number): string {
  return n === -1 ? '∞' : n.toLocaleString('en-US');
}
