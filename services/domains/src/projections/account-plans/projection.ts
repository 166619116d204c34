import { accountPlanChangedSchema, BillingEvent } from '@parley/contracts';
import type { Projection } from '@parley/projections';
import { z } from 'zod';

/** Only what this service enforces: other limits and fields may come and go without concerning it. */
const planChange = accountPlanChangedSchema
  .pick({ accountId: true, plan: true, changedAt: true })
  .extend({ limits: z.object({ maxDomains: z.number().int().min(-1) }) });

/** account_plans: each account's domain limit, as billing last announced it. */
export const accountPlansProjection: Projection = {
  name: 'domains-account-plans-v1',
  context: 'billing',
  aggregate: 'account',
  async apply(tx, recorded) {
    if (recorded.type !== BillingEvent.AccountPlanChanged) return;
    const parsed = planChange.safeParse(recorded.data);
    if (!parsed.success) throw new Error(`malformed ${recorded.type} ${recorded.eventId}`);
    const { accountId, plan, limits, changedAt } = parsed.data;
    await tx.query(
      `INSERT INTO account_plans (account_id, plan, max_domains, changed_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (account_id) DO UPDATE SET plan = $2, max_domains = $3, changed_at = $4`,
      [accountId, plan, limits.maxDomains, changedAt],
    );
  },
};
