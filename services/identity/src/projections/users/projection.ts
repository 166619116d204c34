import type { RecordedEvent } from '@parley/eventstore';
import type { Projection } from '@parley/projections';
import type { PoolClient } from 'pg';
import { asDomainEvent } from '../../app/aggregates';
import type { UserEvent } from '../../domain/user/events';
import { UserEventType as T } from '../../domain/user/events';

/** users: one row per account holder, by id and by lower-cased email. */
export const usersProjection: Projection = {
  name: 'identity-users-v1',
  context: 'identity',
  aggregate: 'user',
  async apply(tx: PoolClient, recorded: RecordedEvent): Promise<void> {
    const event = asDomainEvent<UserEvent>(recorded);
    switch (event.type) {
      case T.Registered: {
        const d = event.data;
        await tx.query(
          `INSERT INTO users (id, email, fullname, role, plan, selected_plan, account_id, created_at, updated_at)
           VALUES ($1, lower($2), $3, $4, $5, $6, $7, $8, $8)
           ON CONFLICT (id) DO NOTHING`,
          [d.userId, d.email, d.fullname, d.role, d.plan, d.selectedPlan, d.accountId, d.registeredAt],
        );
        return;
      }
      case T.Renamed:
        await tx.query('UPDATE users SET fullname = $2, updated_at = $3 WHERE id = $1', [
          event.data.userId,
          event.data.fullname,
          event.data.renamedAt,
        ]);
        return;
      case T.PasswordChanged:
        await tx.query('UPDATE users SET password_changed_at = $2, updated_at = $2 WHERE id = $1', [
          event.data.userId,
          event.data.changedAt,
        ]);
        return;
      case T.MemberRemoved:
        // Gone from the team and its address free again (the unique email index allows a new invite).
        await tx.query('DELETE FROM users WHERE id = $1', [event.data.userId]);
        return;
      default:
        return;
    }
  },
};
