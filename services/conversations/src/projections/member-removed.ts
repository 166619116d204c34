import { randomUUID } from 'node:crypto';
import { IdentityEvent, teamMemberRemovedSchema } from '@parley/contracts';
import { executeCommand } from '@parley/eventstore';
import type { Projection } from '@parley/projections';
import type { ConversationsDeps } from '../app/deps';
import { subjects } from '../app/aggregates';
import { roomDecider } from '../domain/room/decide';
import { roomsSharedWith } from './queries';

/**
 * A reactor on the IDENTITY stream: a member removed from a team loses the rooms shared with
 * them (RoomUnshared on each, decided like an owner's unshare, so a repeat records nothing).
 * The rooms come from the read model; a share recorded a moment before the removal and not yet
 * projected is missed — the member can no longer sign in either way.
 */
export function memberRemovedReactor(deps: ConversationsDeps): Projection {
  return {
    name: 'conversations-member-removed-v1',
    context: 'identity',
    // identity.user.<userId> carries TeamMemberRemoved.
    aggregate: 'user',
    async apply(_tx, recorded) {
      if (recorded.type !== IdentityEvent.TeamMemberRemoved) return;
      const parsed = teamMemberRemovedSchema.safeParse(recorded.data);
      const member = parsed.success ? parsed.data : null;
      if (!member) {
        deps.logger.warn(
          { eventId: recorded.eventId },
          'TeamMemberRemoved without accountId/userId; ignored',
        );
        return;
      }
      for (const roomId of await roomsSharedWith(deps.pool, member.accountId, member.userId)) {
        await executeCommand(
          deps.store,
          subjects(deps.store).room(roomId),
          roomDecider,
          { type: 'Unshare', actor: { kind: 'service' }, memberId: member.userId, now: deps.clock() },
          { commandId: randomUUID(), meta: { causation: recorded.eventId } },
        );
      }
    },
  };
}
