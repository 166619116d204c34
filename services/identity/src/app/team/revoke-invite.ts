import { randomUUID } from 'node:crypto';
import { executeCommand } from '@parley/eventstore';
import type { Caller } from '@parley/grpc';
import { inviteDecider, inviteNotFound } from '../../domain/invite/decide';
import { loadState, subjects } from '../aggregates';
import type { IdentityDeps } from '../deps';
import { UUID_PATTERN } from '../ids';
import { verifiedCaller } from './team-caller';

/** The owner withdraws a pending invitation: its link stops working. Another account's is not found. */
export async function revokeInvite(
  deps: IdentityDeps,
  input: { caller: Caller; inviteId: string },
): Promise<void> {
  const owner = await verifiedCaller(deps, input.caller, ['OWNER']);
  if (!UUID_PATTERN.test(input.inviteId)) throw inviteNotFound();
  const subject = subjects(deps.store).invite(input.inviteId);
  const { state } = await loadState(deps.store, subject, inviteDecider);
  if (state.accountId !== owner.accountId) throw inviteNotFound();
  const revoked = await executeCommand(
    deps.store,
    subject,
    inviteDecider,
    { type: 'RevokeInvite', now: deps.clock() },
    { commandId: randomUUID() },
  );
  await deps.readModels.invites.waitFor(revoked.version);
}
