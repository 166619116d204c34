import { PLANS, type PlanId } from '@parley/contracts';
import type { Pool } from 'pg';

export interface PlanLimit {
  plan: PlanId;
  /** -1 means unlimited. */
  maxDomains: number;
}

/** Whether the account's connected account can take charges (false until billing said so). */
export async function canTakePayments(pool: Pool, accountId: string): Promise<boolean> {
  const { rows } = await pool.query<{ charges_enabled: boolean }>(
    'SELECT charges_enabled FROM payout_accounts WHERE account_id = $1',
    [accountId],
  );
  return rows[0]?.charges_enabled ?? false;
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
