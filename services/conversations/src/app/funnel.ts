import { type FunnelView, conversationsError } from '@parley/contracts';
import { funnelCurrency, funnelDays } from '../projections/funnel/queries';
import type { Caller, ConversationsDeps } from './deps';
import { addDays, change, dateValue, everyDay, isoDay, MAX_FUNNEL_DAYS, sumCounts } from './funnel-period';

const invalid = (field: string, message: string) =>
  conversationsError('validation', message, 'VALIDATION', [{ field, message }]);

const MANAGERS = new Set(['OWNER', 'ADMIN']);

/**
 * Issue 17: the funnel of one of the caller's domains for a period (UTC days, `to` inclusive;
 * default the last 7 days), from the funnel projection's daily buckets. Agents are refused (it is
 * the account's business); another account's domain is not found.
 */
export async function getFunnel(
  deps: Pick<ConversationsDeps, 'pool' | 'clock'>,
  caller: Caller,
  input: { domainId: string; from?: string; to?: string },
): Promise<FunnelView> {
  if (!MANAGERS.has(caller.role))
    throw conversationsError('forbidden', 'Only the account owner and admins see the funnel', 'FORBIDDEN');
  const to = input.to || isoDay(deps.clock());
  const from = input.from || addDays(to, -6);
  const toValue = dateValue(to);
  const fromValue = dateValue(from);
  if (toValue === null) throw invalid('to', 'Choose a date (YYYY-MM-DD)');
  if (fromValue === null) throw invalid('from', 'Choose a date (YYYY-MM-DD)');
  if (fromValue > toValue) throw invalid('from', 'The period must start before it ends');
  if ((toValue - fromValue) / 86_400_000 + 1 > MAX_FUNNEL_DAYS)
    throw invalid('from', `A period can be at most ${MAX_FUNNEL_DAYS} days`);
  const { rows } = await deps.pool.query('SELECT 1 FROM domains WHERE domain_id = $1 AND account_id = $2', [
    input.domainId,
    caller.accountId,
  ]);
  if (rows.length === 0) throw conversationsError('not_found', 'Domain not found', 'DOMAIN_NOT_FOUND');

  const weekStart = addDays(to, -13);
  const earliest = from < weekStart ? from : weekStart;
  const [stored, currency] = await Promise.all([
    funnelDays(deps.pool, input.domainId, earliest, to),
    funnelCurrency(deps.pool, input.domainId),
  ]);
  const days = everyDay(
    from,
    to,
    stored.filter((d) => d.day >= from),
  );
  const inRange = (a: string, b: string) => stored.filter((d) => d.day >= a && d.day <= b);
  const current = sumCounts(inRange(addDays(to, -6), to));
  const previous = sumCounts(inRange(weekStart, addDays(to, -7)));
  return {
    domainId: input.domainId,
    from,
    to,
    currency,
    totals: sumCounts(days),
    days,
    weekOverWeek: { current, previous, change: change(previous, current) },
  };
}
