import { contentError } from '@parley/contracts';
import type { Pool } from 'pg';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (v: string) => UUID.test(v);

export const domainNotFound = () => contentError('not_found', 'Domain not found', 'DOMAIN_NOT_FOUND');

/** 404 unless the domain is one of the caller's account, as far as the domains events told us. */
export async function requireDomain(pool: Pool, accountId: string, domainId: string): Promise<void> {
  const { rowCount } = await pool.query(
    'SELECT 1 FROM account_domains WHERE domain_id = $1 AND account_id = $2',
    [domainId, accountId],
  );
  if (!rowCount) throw domainNotFound();
}

/** Image ids must be images of the same account; another account's image reads as unknown. */
export async function requireImages(
  pool: Pool,
  accountId: string,
  ids: string[],
  field: string,
): Promise<void> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return;
  const known = unique.every(isUuid)
    ? (
        await pool.query<{ id: string }>(
          'SELECT id FROM images WHERE account_id = $1 AND id = ANY($2::uuid[])',
          [accountId, unique],
        )
      ).rowCount
    : 0;
  if (known !== unique.length) {
    throw contentError('validation', 'Image not found', 'VALIDATION', [
      { field, message: 'Image not found' },
    ]);
  }
}
