import { DomainsEvent, domainAddedSchema, domainDeletedSchema, type DomainDeleted } from '@parley/contracts';
import type { PoolClient } from 'pg';
import type { Projection } from './api';

export interface DomainMembershipOptions {
  /** Durable consumer name, versioned, as for any projection. */
  name: string;
  /** The service's own table of (domain_id, account_id, domain, added_at), from its migrations. */
  table: string;
  /** What else goes with a deleted domain, run before its row is removed, in the same transaction. */
  onDeleted(tx: PoolClient, event: DomainDeleted): Promise<void>;
}

const TABLE = /^[a-z_][a-z0-9_]*$/;

/**
 * Which account each domain belongs to, for a service that hears of domains from the domains
 * service's events: a DomainAdded row is kept (once), a DomainDeleted removes it together with
 * whatever the service holds for that domain. Each service keeps its own table.
 */
export function domainMembershipProjection(options: DomainMembershipOptions): Projection {
  // The table name is spliced into SQL; only a plain identifier may be.
  if (!TABLE.test(options.table)) throw new Error(`invalid table name ${JSON.stringify(options.table)}`);
  const { table } = options;
  return {
    name: options.name,
    context: 'domains',
    // domains.domain.<id> carries DomainAdded and DomainDeleted; the service's other aggregates do not.
    aggregate: 'domain',
    async apply(tx, recorded) {
      if (recorded.type === DomainsEvent.DomainAdded) {
        const e = domainAddedSchema.parse(recorded.data);
        await tx.query(
          `INSERT INTO ${table} (domain_id, account_id, domain, added_at) VALUES ($1, $2, $3, $4)
           ON CONFLICT (domain_id) DO NOTHING`,
          [e.domainId, e.accountId, e.domain, e.addedAt],
        );
      } else if (recorded.type === DomainsEvent.DomainDeleted) {
        const e = domainDeletedSchema.parse(recorded.data);
        await options.onDeleted(tx, e);
        await tx.query(`DELETE FROM ${table} WHERE domain_id = $1 AND account_id = $2`, [
          e.domainId,
          e.accountId,
        ]);
      }
    },
  };
}
