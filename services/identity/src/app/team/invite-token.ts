import { seal } from '@parley/contracts/sealing';
import type { IssuedInviteToken } from '../../domain/invite/commands';
import { newTokenSecret, secretDigest } from '../../security/secrets';
import { UUID_PATTERN } from '../ids';
import type { IdentityDeps } from '../deps';

/**
 * An invitation token is `<inviteId>.<secret>`: the id finds the invitation, the secret proves the
 * link was mailed to its address. The log keeps the HMAC; the mailer gets the token sealed.
 */
export function issueInviteToken(deps: IdentityDeps, inviteId: string): IssuedInviteToken {
  const token = `${inviteId}.${newTokenSecret()}`;
  return { hash: inviteTokenDigest(deps, inviteId, token), sealed: seal(token, deps.secrets.mailSealKey) };
}

export function inviteTokenDigest(deps: IdentityDeps, inviteId: string, token: string): string {
  return secretDigest(deps.secrets.codeSecret, 'team-invite', inviteId, token);
}

/** The invitation id of a well-formed token, or null. */
export function inviteIdOf(token: string): string | null {
  const dot = token.indexOf('.');
  if (dot <= 0) return null;
  const inviteId = token.slice(0, dot);
  return UUID_PATTERN.test(inviteId) && token.length > dot + 1 ? inviteId : null;
}
