import type { FunnelDay } from '@parley/contracts';
import type { Pool } from 'pg';

interface DayRow {
  day: string;
  visitors: number;
  conversations: number;
  answered: number;
  handed_off: number;
  emails: number;
  bookings: number;
  orders: number;
  revenue_cents: string;
}

/** The domain's daily buckets from `from` to `to` (inclusive, YYYY-MM-DD); days with nothing are absent. */
export async function funnelDays(
  pool: Pool,
  domainId: string,
  from: string,
  to: string,
): Promise<FunnelDay[]> {
  const { rows } = await pool.query<DayRow>(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day, visitors, conversations, answered, handed_off, emails, bookings,
            orders, revenue_cents
       FROM funnel_days WHERE domain_id = $1 AND day BETWEEN $2::date AND $3::date ORDER BY day`,
    [domainId, from, to],
  );
  return rows.map((r) => ({
    day: r.day,
    visitors: r.visitors,
    conversations: r.conversations,
    answeredByAssistant: r.answered,
    handedOff: r.handed_off,
    emails: r.emails,
    bookings: r.bookings,
    orders: r.orders,
    revenueCents: Number(r.revenue_cents),
  }));
}

/** The currency of the domain's latest paid order (a domain prices in one), or null before any. */
export async function funnelCurrency(pool: Pool, domainId: string): Promise<string | null> {
  const { rows } = await pool.query<{ currency: string }>(
    'SELECT currency FROM funnel_orders WHERE domain_id = $1 ORDER BY day DESC, order_id DESC LIMIT 1',
    [domainId],
  );
  return rows[0]?.currency ?? null;
}
