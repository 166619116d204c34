/** API times may be ISO strings or epoch numbers (seconds or milliseconds); all become epoch ms. */
export function toEpochMs(value: string | number | undefined | null): number | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value === 'number') return value < 1e12 ? value * 1000 : value;
  const asNumber = Number(value);
  if (Number.isFinite(asNumber)) return toEpochMs(asNumber);
  const parsed = Date.parse(value);
  return Number.isNaN(parsed) ? undefined : parsed;
}

/** 75 -> '1:15' */
export function formatClock(totalSeconds: number): string {
  const s = Math.max(0, Math.ceil(totalSeconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
