import { IdentityEvent, userRegisteredSchema, userRenamedSchema } from '@parley/contracts';
import type { Projection } from '@parley/projections';
import type { Pool, PoolClient } from 'pg';

export interface AccountOwner {
  email: string;
  fullname: string;
}

/**
 * Each account's owner, from identity's user events: the address and name mail to the owner goes
 * to (an account's id is its owner's user id; agents and admins of other accounts are not owners).
 */
export const accountOwnersProjection = (): Projection => ({
  name: 'notifications-account-owners-v1',
  context: 'identity',
  aggregate: 'user',
  async apply(tx, recorded) {
    if (recorded.type === IdentityEvent.UserRegistered) {
      const e = userRegisteredSchema.parse(recorded.data);
      if (e.userId !== e.accountId) return;
      await tx.query(
        `INSERT INTO account_owners (account_id, email, fullname) VALUES ($1, $2, $3)
         ON CONFLICT (account_id) DO UPDATE SET email = EXCLUDED.email, fullname = EXCLUDED.fullname`,
        [e.accountId, e.email, e.fullname],
      );
    } else if (recorded.type === IdentityEvent.UserRenamed) {
      const e = userRenamedSchema.parse(recorded.data);
      await tx.query('UPDATE account_owners SET fullname = $2 WHERE account_id = $1', [e.userId, e.fullname]);
    }
  },
});

export async function accountOwner(db: Pool | PoolClient, accountId: string): Promise<AccountOwner | null> {
  const { rows } = await db.query<AccountOwner>(
    'SELECT email, fullname FROM account_owners WHERE account_id = $1',
    [accountId],
  );
  return rows[0] ?? null;
}
