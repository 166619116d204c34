import { inviteDecider, inviteNotFound, isOpenFor } from '../../domain/invite/decide';
import type { InviteState } from '../../domain/invite/state';
import { loadState, subjects } from '../aggregates';
import type { IdentityDeps } from '../deps';
import { inviteIdOf, inviteTokenDigest } from './invite-token';

/** The invitation a token opens now, with the token's digest; INVITE_NOT_FOUND for any other token. */
export async function openInvite(
  deps: IdentityDeps,
  token: string,
): Promise<{ invite: InviteState; tokenHash: string }> {
  const inviteId = inviteIdOf(token);
  if (!inviteId) throw inviteNotFound();
  const { state } = await loadState(deps.store, subjects(deps.store).invite(inviteId), inviteDecider);
  const tokenHash = inviteTokenDigest(deps, inviteId, token);
  if (!isOpenFor(state, tokenHash, deps.clock())) throw inviteNotFound();
  return { invite: state, tokenHash };
}
