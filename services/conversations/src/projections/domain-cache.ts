import type { Pool } from 'pg';
import { domainById, type DomainRow } from './queries';

/** How long a replica trusts a domain row it read; what another replica's deletion can take to reach it. */
export const DOMAIN_CACHE_TTL_MS = 10_000;

/**
 * The domain rows every visitor command checks, kept instead of queried per message (a widget
 * POST otherwise starts with a PostgreSQL round trip). A domain row never changes, it is only
 * deleted: the domains projection calls `deleted` on DomainDeleted, which is final (the domain
 * never comes back under that id), so this process refuses the domain from then on even before
 * the row's deletion commits. The projection runs on one replica (the leader); the others learn
 * of a deletion when their entry expires. Unknown domains are not remembered: one added a moment
 * ago is found on the next request.
 */
export class DomainCache {
  private readonly rows = new Map<string, { row: DomainRow; until: number }>();
  private readonly gone = new Set<string>();

  constructor(
    private readonly pool: Pool,
    private readonly options: { ttlMs?: number; capacity?: number; now?: () => number } = {},
  ) {}

  async byId(domainId: string): Promise<DomainRow | null> {
    if (this.gone.has(domainId)) return null;
    const now = (this.options.now ?? Date.now)();
    const hit = this.rows.get(domainId);
    if (hit && hit.until > now) return hit.row;
    const row = await domainById(this.pool, domainId);
    // Deleted while the query ran: the tombstone wins.
    if (!row || this.gone.has(domainId)) {
      this.rows.delete(domainId);
      return null;
    }
    if (this.rows.size >= (this.options.capacity ?? 10_000)) this.rows.clear();
    this.rows.set(domainId, { row, until: now + (this.options.ttlMs ?? DOMAIN_CACHE_TTL_MS) });
    return row;
  }

  deleted(domainId: string): void {
    this.rows.delete(domainId);
    this.gone.add(domainId);
  }
}
