import { PLANS, type PlanId } from '@parley/contracts';
import type { Pool } from 'pg';

export interface PlanLimit {
  plan: PlanId;
  /** -1 means unlimited. */
  maxDomains: number;
}

/** The account's domain limit; Standard's until billing has said otherwise. */
export async function planLimitOf(pool: Pool, accountId: string): Promise<PlanLimit> {
  const { rows } = await pool.query<{ plan: PlanId; max_domains: number }>(
    'SELECT plan, max_domains FROM account_plans WHERE account_id = $1',
    [accountId],
  );
  const row = rows[0];
  return row
    ? { plan: row.plan, maxDomains: row.max_domains }
    : { plan: 'STANDARD', maxDomains: PLANS.STANDARD.maxDomains };
}
