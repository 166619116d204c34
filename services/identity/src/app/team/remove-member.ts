import { randomUUID } from 'node:crypto';
import { executeCommand } from '@parley/eventstore';
import type { Caller } from '@parley/grpc';
import { emailDecider } from '../../domain/email/decide';
import { memberNotFound } from '../../domain/shared/errors';
import { userDecider } from '../../domain/user/decide';
import { liveSessionIds } from '../../projections/sessions/queries';
import { subjects } from '../aggregates';
import type { IdentityDeps } from '../deps';
import { endSession } from '../sessions/end-session';
import { UUID_PATTERN } from '../ids';
import { verifiedCaller } from './team-caller';

/**
 * The owner removes an AGENT: identity.TeamMemberRemoved (conversations unshares their rooms),
 * the address is released (log-in finds no account; it can be invited again), and every session
 * of the member ends, so no refresh works. Removing a removed member again changes nothing.
 */
export async function removeMember(
  deps: IdentityDeps,
  input: { caller: Caller; userId: string },
): Promise<void> {
  const owner = await verifiedCaller(deps, input.caller, ['OWNER']);
  if (!UUID_PATTERN.test(input.userId)) throw memberNotFound();
  const at = subjects(deps.store);
  const removed = await executeCommand(
    deps.store,
    at.user(input.userId),
    userDecider,
    { type: 'RemoveMember', accountId: owner.accountId, now: deps.clock() },
    { commandId: randomUUID() },
  );
  await executeCommand(
    deps.store,
    at.email(removed.state.email),
    emailDecider,
    { type: 'ReleaseEmail', userId: input.userId, now: deps.clock() },
    { commandId: `remove-member-${input.userId}-release` },
  );
  await endSessions(deps, input.userId);
  await deps.readModels.users.waitFor(await deps.streamTail());
}

async function endSessions(deps: IdentityDeps, userId: string): Promise<void> {
  // Every session started before this point must be in the read model before it is asked.
  await deps.readModels.sessions.waitFor(await deps.streamTail());
  for (const sessionId of await liveSessionIds(deps.pool, userId, new Date(deps.clock()))) {
    await endSession(deps, sessionId, 'member_removed', null);
  }
}
