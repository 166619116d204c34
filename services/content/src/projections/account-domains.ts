import { DomainsEvent, domainAddedSchema, domainDeletedSchema } from '@parley/contracts';
import type { Projection } from '@parley/projections';

/**
 * account_domains from the domains service's events. A deleted domain takes its products, help
 * articles, appointment types and images with it, in the same transaction as the checkpoint.
 */
export const accountDomainsProjection: Projection = {
  name: 'content-account-domains-v1',
  context: 'domains',
  // domains.domain.<id> carries DomainAdded and DomainDeleted; the service's other aggregates do not.
  aggregate: 'domain',
  async apply(tx, recorded) {
    if (recorded.type === DomainsEvent.DomainAdded) {
      const e = domainAddedSchema.parse(recorded.data);
      await tx.query(
        `INSERT INTO account_domains (domain_id, account_id, domain, added_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (domain_id) DO NOTHING`,
        [e.domainId, e.accountId, e.domain, e.addedAt],
      );
    } else if (recorded.type === DomainsEvent.DomainDeleted) {
      const e = domainDeletedSchema.parse(recorded.data);
      await tx.query('DELETE FROM content_items WHERE domain_id = $1 AND account_id = $2', [
        e.domainId,
        e.accountId,
      ]);
      await tx.query('DELETE FROM images WHERE domain_id = $1 AND account_id = $2', [
        e.domainId,
        e.accountId,
      ]);
      await tx.query('DELETE FROM account_domains WHERE domain_id = $1 AND account_id = $2', [
        e.domainId,
        e.accountId,
      ]);
    }
  },
};
