import type { RecordedEvent } from '@parley/eventstore';
import type { Projection } from '@parley/projections';
import type { PoolClient } from 'pg';
import { asDomainEvent } from '../../app/aggregates';
import type { SessionEvent } from '../../domain/session/events';
import { SessionEventType as T } from '../../domain/session/events';

/**
 * sessions: who is signed in where. It reads the whole identity stream (not only sessions), so
 * its position can be awaited against the stream's tail: "every session that exists by now".
 */
export const sessionsProjection: Projection = {
  name: 'identity-sessions-v1',
  context: 'identity',
  async apply(tx: PoolClient, recorded: RecordedEvent): Promise<void> {
    const event = asDomainEvent<SessionEvent>(recorded);
    switch (event.type) {
      case T.Started: {
        const d = event.data;
        await tx.query(
          `INSERT INTO sessions (id, user_id, origin, ip, user_agent, started_at, last_used_at, expires_at)
           VALUES ($1, $2, $3, $4, $5, $6, $6, $7)
           ON CONFLICT (id) DO NOTHING`,
          [d.sessionId, d.userId, d.origin, d.client.ip, d.client.userAgent, d.startedAt, d.expiresAt],
        );
        return;
      }
      case T.Refreshed:
        await tx.query(
          'UPDATE sessions SET last_used_at = $2, expires_at = $3, ip = $4, user_agent = $5 WHERE id = $1',
          [
            event.data.sessionId,
            event.data.refreshedAt,
            event.data.expiresAt,
            event.data.client.ip,
            event.data.client.userAgent,
          ],
        );
        return;
      case T.Revoked:
        await tx.query(
          'UPDATE sessions SET revoked_at = $2, revoked_reason = $3 WHERE id = $1 AND revoked_at IS NULL',
          [event.data.sessionId, event.data.revokedAt, event.data.reason],
        );
        return;
      default:
        return;
    }
  },
};
