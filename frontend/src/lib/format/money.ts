/** Prices are currency units with cents; the spec's plans are in dollars. */
export const formatMoney = (n: number | null | undefined) =>
  typeof n === 'number' && Number.isFinite(n)
    ? n.toLocaleString('en-US', { style: 'currency', currency: 'USD' })
    : '';

/** The discounted price as the API derives it: percentage off, rounded to cents. */
export function discountedPrice(price: unknown, hasDiscount: unknown, discount: unknown): number | undefined {
  if (price === '' || price === null || price === undefined) return undefined;
  const p = typeof price === 'number' ? price : Number(price);
  if (!Number.isFinite(p) || p < 0) return undefined;
  const base = Math.round(p * 100) / 100;
  if (!hasDiscount) return base;
  const d =
    typeof discount === 'number' && Number.isFinite(discount) ? Math.min(100, Math.max(0, discount)) : 0;
  return Math.round(base * (100 - d)) / 100;
}
