import { randomUUID } from 'node:crypto';
import { executeCommand } from '@parley/eventstore';
import { sessionDecider } from '../../domain/session/decide';
import type { RevocationReason } from '../../domain/session/events';
import type { SessionState } from '../../domain/session/state';
import { subjects } from '../aggregates';
import type { IdentityDeps } from '../deps';

/**
 * Ends a session and, once it is ended (now or before: a retry after a failed announcement
 * announces again), tells the gateways, so its access tokens are refused at once.
 * `presentedHash`: a log-out's refresh-token secret, which must belong to the session; null when
 * the service itself ends it.
 */
export async function endSession(
  deps: IdentityDeps,
  sessionId: string,
  reason: RevocationReason,
  presentedHash: string | null,
): Promise<void> {
  const outcome = await executeCommand(
    deps.store,
    subjects(deps.store).session(sessionId),
    sessionDecider,
    { type: 'RevokeSession', reason, presentedHash, now: deps.clock() },
    { commandId: randomUUID() },
  );
  await announceIfEnded(deps, outcome.state);
}

export async function announceIfEnded(deps: IdentityDeps, session: SessionState): Promise<void> {
  if (session.status !== 'revoked') return;
  await deps.revocations.announce(session.sessionId, session.revokedAt, deps.clock());
}
