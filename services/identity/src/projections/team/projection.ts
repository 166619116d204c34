import type { RecordedEvent } from '@parley/eventstore';
import type { Projection } from '@parley/projections';
import type { PoolClient } from 'pg';
import { asDomainEvent } from '../../app/aggregates';
import type { InviteEvent } from '../../domain/invite/events';
import { InviteEventType as T } from '../../domain/invite/events';

/** team_invites: one row per invitation stream; a re-send keeps the first invitedAt of a pending one. */
export const teamInvitesProjection: Projection = {
  name: 'identity-team-invites-v1',
  context: 'identity',
  aggregate: 'invite',
  async apply(tx: PoolClient, recorded: RecordedEvent): Promise<void> {
    const event = asDomainEvent<InviteEvent>(recorded);
    switch (event.type) {
      case T.Issued: {
        const d = event.data;
        await tx.query(
          `INSERT INTO team_invites (id, account_id, email, status, invited_at, expires_at, updated_at)
           VALUES ($1, $2, lower($3), 'pending', $4, $5, $4)
           ON CONFLICT (id) DO UPDATE SET
             status = 'pending',
             invited_at = CASE WHEN team_invites.status = 'pending' THEN team_invites.invited_at ELSE EXCLUDED.invited_at END,
             expires_at = EXCLUDED.expires_at,
             updated_at = EXCLUDED.updated_at`,
          [d.inviteId, d.accountId, d.email, d.issuedAt, d.expiresAt],
        );
        return;
      }
      case T.Revoked:
        await tx.query(`UPDATE team_invites SET status = 'revoked', updated_at = $2 WHERE id = $1`, [
          event.data.inviteId,
          event.data.revokedAt,
        ]);
        return;
      case T.Accepted:
        await tx.query(`UPDATE team_invites SET status = 'accepted', updated_at = $2 WHERE id = $1`, [
          event.data.inviteId,
          event.data.acceptedAt,
        ]);
        return;
      default:
        return;
    }
  },
};
