import { PLANS, type PlanId } from '@parley/contracts';
import type { Pool, PoolClient } from 'pg';

export interface MarketingLimits {
  plan: PlanId;
  contacts: number;
  emailsPerMonth: number;
}

/**
 * The account's plan as billing last announced it; an account billing has not told of yet is on
 * the free plan (every account starts there), never unlimited.
 */
export async function marketingLimits(db: Pool | PoolClient, accountId: string): Promise<MarketingLimits> {
  const { rows } = await db.query<{ plan: PlanId; contacts: number; emails_per_month: number }>(
    'SELECT plan, contacts, emails_per_month FROM marketing_plans WHERE account_id = $1',
    [accountId],
  );
  const row = rows[0];
  if (row) return { plan: row.plan, contacts: row.contacts, emailsPerMonth: row.emails_per_month };
  return {
    plan: 'STANDARD',
    contacts: PLANS.STANDARD.contacts,
    emailsPerMonth: PLANS.STANDARD.emailsPerMonth,
  };
}
