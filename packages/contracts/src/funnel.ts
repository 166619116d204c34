import { z } from 'zod';

/**
 * Issue 17: the funnel on the dashboard home (GET /api/funnel, docs/api/conversations.md#funnel),
 * computed by conversations' funnel projection from the events of conversations and billing.
 */
export const FUNNEL_METRICS = [
  'visitors',
  'conversations',
  'answeredByAssistant',
  'handedOff',
  'emails',
  'bookings',
  'orders',
  'revenueCents',
] as const;
export type FunnelMetric = (typeof FUNNEL_METRICS)[number];
export type FunnelCounts = Record<FunnelMetric, number>;

export interface FunnelDay extends FunnelCounts {
  /** YYYY-MM-DD (UTC). */
  day: string;
}

export interface FunnelView {
  domainId: string;
  from: string;
  to: string;
  /** ISO 4217 of the revenue (the domain's latest order's), null before any order. */
  currency: string | null;
  totals: FunnelCounts;
  /** Every day of the period, zeros included. */
  days: FunnelDay[];
  /** The 7 days ending `to` against the 7 before them. */
  weekOverWeek: {
    current: FunnelCounts;
    previous: FunnelCounts;
    /** Percent per metric, one decimal; null when the earlier week had none. */
    change: Record<FunnelMetric, number | null>;
  };
}

const DATE_MESSAGE = 'Choose a date (YYYY-MM-DD)';
const optionalDate = z
  .string({ error: DATE_MESSAGE })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: DATE_MESSAGE })
  .optional();

export const funnelQuerySchema = z.object({
  domainId: z.string({ error: 'Choose a domain' }).trim().min(1, { error: 'Choose a domain' }).max(100),
  from: optionalDate,
  to: optionalDate,
});
