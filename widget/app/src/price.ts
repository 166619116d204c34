import type { Product, VariantOption } from './types';

/**
 * The domain's currency (its settings' `currency`). A widget frame shows one domain, so one
 * currency per page: App sets it from the profile before anything priced is shown.
 */
let currency = 'USD';
export function setCurrency(code: string | null | undefined): void {
  currency = code && /^[A-Z]{3}$/.test(code) ? code : 'USD';
}
export const currentCurrency = (): string => currency;

/** Prices are stored in currency units with cents, as the dashboard's product form saves them. */
export const formatPrice = (n: number | null | undefined) =>
  typeof n === 'number' && Number.isFinite(n)
    ? n.toLocaleString('en-US', { style: 'currency', currency })
    : '';

export interface PriceDisplay {
  current: string;
  /** The struck-through original price when a discount applies. */
  original: string | null;
  /** e.g. '20% off'. */
  badge: string | null;
}

export function productPrice(
  p: Pick<Product, 'price' | 'hasDiscount' | 'discount' | 'discountedPrice'>,
): PriceDisplay {
  const discounted = typeof p.discountedPrice === 'number' ? p.discountedPrice : null;
  if (p.hasDiscount && discounted !== null && discounted < p.price) {
    const pct = typeof p.discount === 'number' && p.discount > 0 ? Math.round(p.discount) : null;
    return {
      current: formatPrice(discounted),
      original: formatPrice(p.price),
      badge: pct ? `${pct}% off` : null,
    };
  }
  return { current: formatPrice(p.price), original: null, badge: null };
}

/** Spec: variant options are disabled when quantity tracking is on and quantity is 0 or missing. */
export const optionDisabled = (trackQuantity: boolean | undefined, option: VariantOption) =>
  !!trackQuantity && !(typeof option.quantity === 'number' && option.quantity > 0);

/** Spec: 'Buy Now' shows only if productUrl is non-blank; it opens only http(s) pages. */
export function buyNowHref(productUrl: string | null | undefined): string | null {
  const url = productUrl?.trim();
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : null;
  } catch {
    return null;
  }
}
