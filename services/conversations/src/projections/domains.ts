import { domainMembershipProjection } from '@parley/projections';
import type { DomainCache } from './domain-cache';

/**
 * domains from the domains service's events. A deleted domain takes its customers, rooms,
 * messages and bookings with it, in the same transaction as the checkpoint; the conversations
 * projection skips later events of a domain it does not know, so nothing comes back. A deletion
 * also reaches the cache of domain rows at once (`DomainCache.deleted`).
 */
export const domainsProjection = (cache: DomainCache) =>
  domainMembershipProjection({
    name: 'conversations-domains-v1',
    table: 'domains',
    async onDeleted(tx, e) {
      cache.deleted(e.domainId);
      for (const table of [
        'messages',
        'rooms',
        'customer_answers',
        'customers',
        'bookings',
        'funnel_visitors',
        'funnel_emails',
        'funnel_rooms',
        'funnel_bookings',
        'funnel_orders',
      ]) {
        await tx.query(`DELETE FROM ${table} WHERE domain_id = $1`, [e.domainId]);
      }
    },
  });
