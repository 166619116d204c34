import type { Role } from '@parley/contracts';

/** One row of the team list (proto TeamMember): a member, or an invitation not yet accepted. */
export interface TeamMemberView {
  /** The user id of a member, the invitation id of an invitation. */
  id: string;
  name: string;
  email: string;
  role: Role;
  status: 'active' | 'invited';
  invitedAt: string;
  /** Empty for an invitation. */
  joinedAt: string;
  /** Empty for a member. */
  expiresAt: string;
}
