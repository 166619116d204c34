import { IdentityEvent, userRegisteredSchema, userRenamedSchema } from '@parley/contracts';
import type { Projection } from '@parley/projections';
import type { PoolClient } from 'pg';

/** The platform's administrators, from identity's user events (an admin is their own account). */
export const platformAdminsProjection = (): Projection => ({
  name: 'notifications-platform-admins-v1',
  context: 'identity',
  aggregate: 'user',
  async apply(tx, recorded) {
    if (recorded.type === IdentityEvent.UserRegistered) {
      const e = userRegisteredSchema.parse(recorded.data);
      if (e.role !== 'ADMIN') return;
      await tx.query(
        `INSERT INTO platform_admins (user_id, email, fullname, registered_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (user_id) DO UPDATE SET email = EXCLUDED.email, fullname = EXCLUDED.fullname`,
        [e.userId, e.email, e.fullname, e.registeredAt],
      );
    } else if (recorded.type === IdentityEvent.UserRenamed) {
      const e = userRenamedSchema.parse(recorded.data);
      await tx.query('UPDATE platform_admins SET fullname = $2 WHERE user_id = $1', [e.userId, e.fullname]);
    }
  },
});

/** The admins there were at `at` (a replay tells no admin who came later). */
export async function platformAdminIds(tx: PoolClient, at: Date): Promise<string[]> {
  const { rows } = await tx.query<{ user_id: string }>(
    'SELECT user_id FROM platform_admins WHERE registered_at <= $1 ORDER BY user_id',
    [at],
  );
  return rows.map((r) => r.user_id);
}
