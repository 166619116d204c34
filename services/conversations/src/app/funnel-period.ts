import { FUNNEL_METRICS, type FunnelCounts, type FunnelDay } from '@parley/contracts';

export const MAX_FUNNEL_DAYS = 366;
const DAY_MS = 86_400_000;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar date's UTC midnight, or null for anything that is not a real YYYY-MM-DD. */
export function dateValue(value: string): number | null {
  if (!DATE.test(value)) return null;
  const t = Date.parse(`${value}T00:00:00Z`);
  return Number.isNaN(t) || new Date(t).toISOString().slice(0, 10) !== value ? null : t;
}

export const isoDay = (t: number): string => new Date(t).toISOString().slice(0, 10);
export const addDays = (day: string, n: number): string =>
  isoDay(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS);

export const zeroCounts = (): FunnelCounts =>
  Object.fromEntries(FUNNEL_METRICS.map((m) => [m, 0])) as FunnelCounts;

/** Every day from `from` to `to`, in order, zeros where nothing happened: a chart's x axis has no gaps. */
export function everyDay(from: string, to: string, days: FunnelDay[]): FunnelDay[] {
  const byDay = new Map(days.map((d) => [d.day, d]));
  const out: FunnelDay[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) out.push(byDay.get(day) ?? { day, ...zeroCounts() });
  return out;
}

export function sumCounts(days: FunnelCounts[]): FunnelCounts {
  const total = zeroCounts();
  for (const d of days) for (const m of FUNNEL_METRICS) total[m] += d[m];
  return total;
}

/** Percent change from `previous` to `current`, one decimal; null when there was nothing before. */
export function change(
  previous: FunnelCounts,
  current: FunnelCounts,
): Record<keyof FunnelCounts, number | null> {
  return Object.fromEntries(
    FUNNEL_METRICS.map((m) => [
      m,
      previous[m] === 0
        ? current[m] === 0
          ? 0
          : null
        : Math.round(((current[m] - previous[m]) / previous[m]) * 1000) / 10,
    ]),
  ) as Record<keyof FunnelCounts, number | null>;
}
