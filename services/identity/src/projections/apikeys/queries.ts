import type { Pool } from 'pg';

export interface ApiKeyView {
  id: string;
  name: string;
  scopes: string[];
  prefix: string;
  createdAt: string;
  /** ISO 8601; '' when never used. */
  lastUsedAt: string;
  /** ISO 8601; '' while active. */
  revokedAt: string;
}

export interface ApiKeyRecord {
  id: string;
  accountId: string;
  createdBy: string;
  scopes: string[];
  keyHash: string;
  revoked: boolean;
}

interface Row {
  id: string;
  account_id: string;
  name: string;
  scopes: string[];
  prefix: string;
  key_hash: string;
  created_by: string;
  created_at: Date;
  revoked_at: Date | null;
  last_used_at: Date | null;
}

const SELECT = `SELECT k.*, u.last_used_at FROM api_keys k LEFT JOIN api_key_usage u ON u.key_id = k.id`;

export const apiKeyView = (r: Row): ApiKeyView => ({
  id: r.id,
  name: r.name,
  scopes: r.scopes,
  prefix: r.prefix,
  createdAt: r.created_at.toISOString(),
  lastUsedAt: r.last_used_at?.toISOString() ?? '',
  revokedAt: r.revoked_at?.toISOString() ?? '',
});

/** The account's keys, newest first, revoked ones included. */
export async function apiKeysOf(pool: Pool, accountId: string): Promise<ApiKeyView[]> {
  const { rows } = await pool.query<Row>(
    `${SELECT} WHERE k.account_id = $1 ORDER BY k.created_at DESC, k.id`,
    [accountId],
  );
  return rows.map(apiKeyView);
}

export async function activeApiKeyCount(pool: Pool, accountId: string): Promise<number> {
  const { rows } = await pool.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM api_keys WHERE account_id = $1 AND revoked_at IS NULL`,
    [accountId],
  );
  return rows[0]?.n ?? 0;
}

export async function apiKeyById(pool: Pool, keyId: string): Promise<ApiKeyRecord | null> {
  const { rows } = await pool.query<Row>(`${SELECT} WHERE k.id = $1`, [keyId]);
  const r = rows[0];
  if (!r) return null;
  return {
    id: r.id,
    accountId: r.account_id,
    createdBy: r.created_by,
    scopes: r.scopes,
    keyHash: r.key_hash,
    revoked: r.revoked_at !== null,
  };
}

/** At most one write a minute per key: the list shows minutes, and every API call reads a key. */
export async function recordApiKeyUse(pool: Pool, keyId: string, at: Date): Promise<void> {
  await pool.query(
    `INSERT INTO api_key_usage (key_id, last_used_at) VALUES ($1, $2)
     ON CONFLICT (key_id) DO UPDATE SET last_used_at = EXCLUDED.last_used_at
     WHERE api_key_usage.last_used_at < EXCLUDED.last_used_at - interval '1 minute'`,
    [keyId, at],
  );
}
