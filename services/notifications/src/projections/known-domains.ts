import { domainMembershipProjection, type Projection } from '@parley/projections';
import type { Pool, PoolClient } from 'pg';

/** What notifications knows of a domain: its name, that it was deleted, or nothing yet. */
export type KnownDomain = { kind: 'known'; domain: string } | { kind: 'deleted' } | { kind: 'unknown' };

/**
 * Domain names from domains' events, for the texts that name a domain (LIVE_SUPPORT, the handoff
 * mail). A deleted domain leaves a tombstone: a consumer that reads a room's event after the
 * domain's deletion (the projections run apart) says nothing instead of waiting for a name.
 */
export const knownDomainsProjection = (): Projection =>
  domainMembershipProjection({
    name: 'notifications-domains-v1',
    table: 'notification_domains',
    async onDeleted(tx, e) {
      await tx.query(
        `INSERT INTO notification_deleted_domains (domain_id, account_id, deleted_at) VALUES ($1, $2, $3)
         ON CONFLICT (domain_id) DO NOTHING`,
        [e.domainId, e.accountId, e.deletedAt],
      );
    },
  });

/** The domain `domainId` of `accountId` (another account's domain reads as unknown). */
export async function knownDomain(
  db: Pool | PoolClient,
  accountId: string,
  domainId: string,
): Promise<KnownDomain> {
  const deleted = await db.query(
    'SELECT 1 FROM notification_deleted_domains WHERE domain_id = $1 AND account_id = $2',
    [domainId, accountId],
  );
  if (deleted.rowCount) return { kind: 'deleted' };
  const { rows } = await db.query<{ domain: string }>(
    'SELECT domain FROM notification_domains WHERE domain_id = $1 AND account_id = $2',
    [domainId, accountId],
  );
  if (rows[0]) return { kind: 'known', domain: rows[0].domain };
  return { kind: 'unknown' };
}
