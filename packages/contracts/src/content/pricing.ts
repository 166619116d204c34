// Product pricing rules without zod, so the widget's bundle can use them too.

/**
 * The price after a percentage discount, in cents' precision. Every place that shows or compares
 * a product's price uses this one formula (one multiplication before rounding), so the assistant
 * never quotes a cent off the card the widget shows.
 */
export function discountedPriceOf(p: { price: number; hasDiscount: boolean; discount: number }): number {
  return p.hasDiscount ? Math.round(p.price * (100 - p.discount)) / 100 : p.price;
}

/** Options of a tracked variant with quantity 0 or missing are not for sale (spec display rules). */
export const optionAvailable = (variant: { trackQuantity: boolean }, option: { quantity?: number | null }) =>
  !variant.trackQuantity || (option.quantity ?? 0) > 0;
