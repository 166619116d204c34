import type { Caller } from '@parley/grpc';
import { teamOf } from '../../projections/team/queries';
import type { IdentityDeps } from '../deps';
import { verifiedCaller } from './team-caller';
import type { TeamMemberView } from './team-view';

/**
 * The account's owner, its agents and its pending invitations. Agents see the list too, but not
 * the addresses of invitations (those are the owner's business until accepted).
 */
export async function listTeam(deps: IdentityDeps, input: { caller: Caller }): Promise<TeamMemberView[]> {
  const me = await verifiedCaller(deps, input.caller, ['OWNER', 'AGENT', 'ADMIN']);
  const team = await teamOf(deps.pool, me.accountId);
  if (me.role === 'OWNER' || me.role === 'ADMIN') return team;
  return team.map((m) => (m.status === 'invited' ? { ...m, email: '' } : m));
}
