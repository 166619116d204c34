import { BillingEvent, payoutAccountUpdatedSchema } from '@parley/contracts';
import type { Projection } from '@parley/projections';
import { bumpRevision } from './revision';

const payoutChange = payoutAccountUpdatedSchema.pick({ accountId: true, chargesEnabled: true });

/**
 * The billing part of the knowledge read model: whether each owner's connected account takes
 * charges, which the domain's payments need. A change raises the revision of every domain of the
 * account, so the next message reads it (the store keeps a domain's knowledge until then).
 */
export const payoutsKnowledgeProjection: Projection = {
  name: 'assistant-payouts-v1',
  context: 'billing',
  aggregate: 'account',
  async apply(tx, recorded) {
    if (recorded.type !== BillingEvent.PayoutAccountUpdated) return;
    const parsed = payoutChange.safeParse(recorded.data);
    if (!parsed.success) throw new Error(`malformed ${recorded.type} ${recorded.eventId}`);
    const { accountId, chargesEnabled } = parsed.data;
    await tx.query(
      `INSERT INTO knowledge_payouts (account_id, charges_enabled) VALUES ($1, $2)
       ON CONFLICT (account_id) DO UPDATE SET charges_enabled = $2`,
      [accountId, chargesEnabled],
    );
    const { rows } = await tx.query<{ domain_id: string }>(
      'SELECT domain_id FROM knowledge_domains WHERE account_id = $1 AND NOT deleted',
      [accountId],
    );
    for (const { domain_id } of rows) await bumpRevision(tx, domain_id);
  },
};
