import { randomUUID } from 'node:crypto';
import { identityError } from '@parley/contracts';
import type { Caller } from '@parley/grpc';
import { teamInviteSchema } from '@parley/contracts/validation';
import { executeCommand } from '@parley/eventstore';
import { emailDecider } from '../../domain/email/decide';
import { inviteDecider } from '../../domain/invite/decide';
import { emailTaken } from '../../domain/shared/errors';
import { iso } from '../../domain/shared/time';
import { userDecider } from '../../domain/user/decide';
import { loadState, subjects } from '../aggregates';
import type { IdentityDeps } from '../deps';
import { nameBasedId } from '../ids';
import { validate } from '../validate';
import { issueInviteToken } from './invite-token';
import { verifiedCaller } from './team-caller';
import type { TeamMemberView } from './team-view';

export const alreadyMember = () => {
  const message = 'This person is already a member of your team';
  return identityError('conflict', message, 'ALREADY_MEMBER', [{ field: 'email', message }]);
};

/** One invitation stream per account and address: inviting again re-sends the same invitation. */
export const inviteIdFor = (accountId: string, email: string): string =>
  nameBasedId(`team-invite\0${accountId}\0${email.toLowerCase()}`);

/**
 * The owner invites an address: a fresh single-use token (7 days) whose sealed copy the
 * notifications service mails. A pending invitation is re-sent (spaced and capped like sign-up
 * codes); a member of this team is ALREADY_MEMBER, anyone else's user EMAIL_TAKEN.
 */
export async function inviteMember(
  deps: IdentityDeps,
  input: { caller: Caller; email: unknown },
): Promise<TeamMemberView> {
  const { email } = validate(teamInviteSchema, { email: input.email });
  const owner = await verifiedCaller(deps, input.caller, ['OWNER']);
  const at = subjects(deps.store);

  const claim = await loadState(deps.store, at.email(email), emailDecider);
  if (claim.state.claimedBy) {
    const holder = await loadState(deps.store, at.user(claim.state.claimedBy), userDecider);
    if (holder.state.accountId === owner.accountId) throw alreadyMember();
    throw emailTaken();
  }

  const inviteId = inviteIdFor(owner.accountId, email);
  const issued = await executeCommand(
    deps.store,
    at.invite(inviteId),
    inviteDecider,
    {
      type: 'IssueInvite',
      inviteId,
      accountId: owner.accountId,
      email,
      invitedBy: owner.userId,
      inviterName: owner.fullname,
      token: issueInviteToken(deps, inviteId),
      now: deps.clock(),
    },
    { commandId: randomUUID() },
  );
  await deps.readModels.invites.waitFor(issued.version);
  const invite = issued.state;
  return {
    id: inviteId,
    name: '',
    email,
    role: 'AGENT',
    status: 'invited',
    invitedAt: iso(invite.invitedAt),
    joinedAt: '',
    expiresAt: iso(invite.expiresAt),
  };
}
