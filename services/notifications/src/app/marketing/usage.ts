import type { MarketingLimits } from '../../marketing/plan-limits';
import { monthOf } from '../../domain/marketing/decide';
import type { MarketingDeps } from './deps';

/** The month's emails as the campaigns' read model counted them (UTC months). */
export async function emailUsage(deps: MarketingDeps, accountId: string, limits: MarketingLimits) {
  const month = monthOf(deps.clock().toISOString());
  const { rows } = await deps.pool.query<{ used: number }>(
    'SELECT used FROM marketing_usage WHERE account_id = $1 AND month = $2',
    [accountId, month],
  );
  const used = rows[0]?.used ?? 0;
  return {
    month,
    emailsPerMonth: limits.emailsPerMonth,
    emailsUsed: used,
    emailsLeft: Math.max(0, limits.emailsPerMonth - used),
  };
}
