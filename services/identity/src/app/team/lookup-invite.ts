import type { IdentityDeps } from '../deps';
import { openInvite } from './open-invite';

/**
 * What the accept page shows before the invitee sets a password: the address and who invited it.
 * A missing or malformed token is just another token that opens nothing (INVITE_NOT_FOUND).
 */
export async function lookupInvite(
  deps: IdentityDeps,
  input: { token: unknown },
): Promise<{ email: string; accountName: string }> {
  const token = typeof input.token === 'string' ? input.token.trim() : '';
  const { invite } = await openInvite(deps, token);
  return { email: invite.email, accountName: invite.inviterName };
}
