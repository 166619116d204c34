import type { RecordedEvent } from '@parley/eventstore';
import type { Projection } from '@parley/projections';
import type { IdentityDeps } from '../app/deps';
import { asDomainEvent } from '../app/aggregates';
import type { SessionEvent } from '../domain/session/events';
import { SessionEventType as T } from '../domain/session/events';
import { ms } from '../domain/shared/time';

/**
 * The safety net of endSession's announcement: a crash between recording a session's end and
 * telling the gateways would leave its access tokens working until they expire. This announces
 * every ended session again from the log; one whose tokens have all expired is skipped, so a
 * replay from the start costs only reading.
 */
export function revocationReactor(deps: IdentityDeps): Projection {
  return {
    name: 'identity-session-revocations-v1',
    context: 'identity',
    aggregate: 'session',
    async apply(_tx, recorded: RecordedEvent): Promise<void> {
      const event = asDomainEvent<SessionEvent>(recorded);
      if (event.type !== T.Revoked) return;
      await deps.revocations.announce(event.data.sessionId, ms(event.data.revokedAt), deps.clock());
    },
  };
}
