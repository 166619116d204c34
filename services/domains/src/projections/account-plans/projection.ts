import { accountPlanChangedSchema, BillingEvent, payoutAccountUpdatedSchema } from '@parley/contracts';
import type { Projection } from '@parley/projections';
import { z } from 'zod';

/** Only what this service enforces: other limits and fields may come and go without concerning it. */
const planChange = accountPlanChangedSchema
  .pick({ accountId: true, plan: true, changedAt: true })
  .extend({ limits: z.object({ maxDomains: z.number().int().min(-1) }) });

const payoutChange = payoutAccountUpdatedSchema.pick({
  accountId: true,
  chargesEnabled: true,
  updatedAt: true,
});

/**
 * account_plans: each account's domain limit, as billing last announced it; payout_accounts:
 * whether its connected account can take charges (a domain's payments need it).
 */
export const accountPlansProjection: Projection = {
  name: 'domains-account-plans-v1',
  context: 'billing',
  aggregate: 'account',
  async apply(tx, recorded) {
    if (recorded.type === BillingEvent.PayoutAccountUpdated) {
      const payout = payoutChange.safeParse(recorded.data);
      if (!payout.success) throw new Error(`malformed ${recorded.type} ${recorded.eventId}`);
      await tx.query(
        `INSERT INTO payout_accounts (account_id, charges_enabled, updated_at) VALUES ($1, $2, $3)
         ON CONFLICT (account_id) DO UPDATE SET charges_enabled = $2, updated_at = $3`,
        [payout.data.accountId, payout.data.chargesEnabled, payout.data.updatedAt],
      );
      return;
    }
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
