import type { Pool } from 'pg';
import type { UserView } from '../../app/user-view';

interface UserRow {
  id: string;
  email: string;
  fullname: string;
  role: UserView['role'];
  plan: UserView['plan'];
  account_id: string;
  created_at: Date;
}

const COLUMNS = 'id, email, fullname, role, plan, account_id, created_at';

const view = (r: UserRow): UserView => ({
  id: r.id,
  email: r.email,
  fullname: r.fullname,
  role: r.role,
  plan: r.plan,
  accountId: r.account_id,
  createdAt: r.created_at.toISOString(),
});

export async function userById(pool: Pool, id: string): Promise<UserView | null> {
  const { rows } = await pool.query<UserRow>(`SELECT ${COLUMNS} FROM users WHERE id = $1`, [id]);
  return rows[0] ? view(rows[0]) : null;
}

export async function userByEmail(pool: Pool, email: string): Promise<UserView | null> {
  const { rows } = await pool.query<UserRow>(`SELECT ${COLUMNS} FROM users WHERE lower(email) = lower($1)`, [
    email,
  ]);
  return rows[0] ? view(rows[0]) : null;
}
