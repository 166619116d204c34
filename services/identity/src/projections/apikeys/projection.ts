import type { RecordedEvent } from '@parley/eventstore';
import type { Projection } from '@parley/projections';
import type { PoolClient } from 'pg';
import { asDomainEvent } from '../../app/aggregates';
import type { ApiKeyEvent } from '../../domain/apikey/events';
import { ApiKeyEventType as T } from '../../domain/apikey/events';

/** api_keys: one row per key; a revoked key keeps its row (the list shows it as revoked). */
export const apiKeysProjection: Projection = {
  name: 'identity-api-keys-v1',
  context: 'identity',
  aggregate: 'apikey',
  async apply(tx: PoolClient, recorded: RecordedEvent): Promise<void> {
    const event = asDomainEvent<ApiKeyEvent>(recorded);
    switch (event.type) {
      case T.Created: {
        const d = event.data;
        await tx.query(
          `INSERT INTO api_keys (id, account_id, name, scopes, prefix, key_hash, created_by, created_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (id) DO NOTHING`,
          [d.keyId, d.accountId, d.name, d.scopes, d.prefix, d.keyHash, d.createdBy, d.createdAt],
        );
        return;
      }
      case T.Revoked:
        await tx.query(`UPDATE api_keys SET revoked_at = $2 WHERE id = $1`, [
          event.data.keyId,
          event.data.revokedAt,
        ]);
        return;
      default:
        return;
    }
  },
};
