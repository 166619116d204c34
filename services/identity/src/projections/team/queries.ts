import type { Pool } from 'pg';
import type { TeamMemberView } from '../../app/team/team-view';

interface MemberRow {
  id: string;
  fullname: string;
  email: string;
  role: TeamMemberView['role'];
  created_at: Date;
  /** When the member was invited; null for the owner. */
  invited_at: Date | null;
}

interface InviteRow {
  id: string;
  email: string;
  invited_at: Date;
  expires_at: Date;
}

/** The account's users (owner first, then agents by joining) and its pending invitations, oldest first. */
export async function teamOf(pool: Pool, accountId: string): Promise<TeamMemberView[]> {
  const members = await pool.query<MemberRow>(
    `SELECT u.id, u.fullname, u.email, u.role, u.created_at, ti.invited_at
     FROM users u
     LEFT JOIN team_invites ti
       ON ti.account_id = u.account_id AND ti.email = u.email AND ti.status = 'accepted'
     WHERE u.account_id = $1
     ORDER BY (u.role = 'OWNER') DESC, u.created_at, u.id`,
    [accountId],
  );
  const invites = await pool.query<InviteRow>(
    `SELECT id, email, invited_at, expires_at FROM team_invites
     WHERE account_id = $1 AND status = 'pending' ORDER BY invited_at, id`,
    [accountId],
  );
  return [
    ...members.rows.map((r): TeamMemberView => ({
      id: r.id,
      name: r.fullname,
      email: r.email,
      role: r.role,
      status: 'active',
      invitedAt: (r.invited_at ?? r.created_at).toISOString(),
      joinedAt: r.created_at.toISOString(),
      expiresAt: '',
    })),
    ...invites.rows.map((r): TeamMemberView => ({
      id: r.id,
      name: '',
      email: r.email,
      role: 'AGENT',
      status: 'invited',
      invitedAt: r.invited_at.toISOString(),
      joinedAt: '',
      expiresAt: r.expires_at.toISOString(),
    })),
  ];
}
