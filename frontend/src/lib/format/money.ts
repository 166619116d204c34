import { formatMinorUnits, minorUnitDigits } from '@parley/contracts/payments';

/** A domain's currency when its settings name none (as the widget and the assistant read it). */
export const DEFAULT_CURRENCY = 'USD';

/**
 * Prices are stored in currency units with cents, in the domain's currency (its settings'
 * `currency`): written the way the widget and the assistant write them ("$48.00", "€33.15").
 */
export const formatMoney = (n: number | null | undefined, currency: string = DEFAULT_CURRENCY) =>
  typeof n === 'number' && Number.isFinite(n)
    ? formatMinorUnits(Math.round(n * 10 ** minorUnitDigits(currency)), currency)
    : '';

/** The currency's sign for an amount field's prefix ("$", "€", "£"; the code where none is known). */
export function currencySymbol(currency: string = DEFAULT_CURRENCY): string {
  try {
    const parts = new Intl.NumberFormat('en-US', { style: 'currency', currency }).formatToParts(0);
    return parts.find((p) => p.type === 'currency')?.value ?? currency;
  } catch {
    return currency;
  }
}

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
