import { domainMembershipProjection } from '@parley/projections';

/**
 * account_domains from the domains service's events. A deleted domain takes its products, help
 * articles, appointment types and images with it, in the same transaction as the checkpoint.
 */
export const accountDomainsProjection = domainMembershipProjection({
  name: 'content-account-domains-v1',
  table: 'account_domains',
  async onDeleted(tx, e) {
    for (const table of ['content_items', 'images']) {
      await tx.query(`DELETE FROM ${table} WHERE domain_id = $1 AND account_id = $2`, [
        e.domainId,
        e.accountId,
      ]);
    }
  },
});
