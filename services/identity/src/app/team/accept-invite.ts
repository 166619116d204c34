import { acceptInviteSchema } from '@parley/contracts/validation';
import { executeCommand } from '@parley/eventstore';
import { emailDecider } from '../../domain/email/decide';
import { inviteDecider } from '../../domain/invite/decide';
import { userDecider } from '../../domain/user/decide';
import { hashPassword } from '../../security/passwords';
import { subjects } from '../aggregates';
import type { IdentityDeps } from '../deps';
import { nameBasedId } from '../ids';
import { issueSession, type ClientInfo, type IssuedSession } from '../sessions/issue-session';
import { validate } from '../validate';
import { openInvite } from './open-invite';

/**
 * The invitee sets a name and password: claim the address, register an AGENT of the inviting
 * account, close the invitation, sign in. Like registration, a chain of idempotent steps whose
 * ids derive from the token, so a retried request finishes what an interrupted one began; the
 * token opens nothing once the invitation is closed.
 */
export async function acceptInvite(
  deps: IdentityDeps,
  input: {
    token: unknown;
    fullname: unknown;
    password: unknown;
    confirmPassword: unknown;
    client: ClientInfo;
    /** The browser's device-token cookie, to which this account's token is added. */
    devices: string;
  },
): Promise<IssuedSession> {
  const { token, fullname, password } = validate(acceptInviteSchema, input);
  const { invite, tokenHash } = await openInvite(deps, token);
  const at = subjects(deps.store);
  const userId = nameBasedId(`team-invite-user\0${invite.inviteId}\0${tokenHash}`);
  const step = (name: string) => `accept-invite-${userId}-${name}`;

  await executeCommand(
    deps.store,
    at.email(invite.email),
    emailDecider,
    { type: 'ClaimEmail', userId, signupId: null, now: deps.clock() },
    { commandId: step('claim') },
  );
  const registered = await executeCommand(
    deps.store,
    at.user(userId),
    userDecider,
    {
      type: 'RegisterUser',
      userId,
      email: invite.email,
      fullname,
      passwordHash: await hashPassword(password),
      role: 'AGENT',
      // The acct claim: an agent acts for the owner's account.
      accountId: invite.accountId,
      plan: 'STANDARD',
      selectedPlan: 'STANDARD',
      signupId: null,
      onboarding: null,
      now: deps.clock(),
    },
    { commandId: step('user') },
  );
  const accepted = await executeCommand(
    deps.store,
    at.invite(invite.inviteId),
    inviteDecider,
    { type: 'AcceptInvite', tokenHash, userId, now: deps.clock() },
    { commandId: step('accept') },
  );
  const session = await issueSession(deps, registered.state, 'invite', input.client, input.devices);
  // Read-your-writes: the owner's team list and the member's profile show the new member.
  await deps.readModels.users.waitFor(registered.version);
  await deps.readModels.invites.waitFor(accepted.version);
  return session;
}
