import { ConversationsEvent } from '@parley/contracts';
import type { Projection } from '@parley/projections';
import { handoffOf, liveSupportNotifications } from '../../domain/in-app/live-support';
import { recordNotification } from '../../in-app/notification-store';
import { knownDomain } from '../known-domains';

/**
 * LIVE_SUPPORT from conversations' rooms: a LiveModeChanged that the assistant switched on (a
 * handoff) notifies the owner and the members the room is shared with. Once per event and
 * recipient (the source ids), past-retention events create nothing, old ones are not pushed, and
 * a room of a deleted domain says nothing. A domain not heard of yet (its projection runs apart
 * and may lag at start-up) still notifies, without its name: a late notice beats none.
 */
export function liveSupportNotificationsProjection(clock: () => Date): Projection {
  return {
    name: 'notifications-live-support-v1',
    context: 'conversations',
    aggregate: 'room',
    async apply(tx, recorded) {
      if (recorded.type !== ConversationsEvent.LiveModeChanged) return;
      const handoff = handoffOf(recorded);
      if (!handoff) return;
      const domain = await knownDomain(tx, handoff.audience.accountId, handoff.audience.domainId);
      if (domain.kind === 'deleted') return;
      const now = clock();
      for (const notification of liveSupportNotifications(
        recorded,
        handoff,
        domain.kind === 'known' ? domain.domain : null,
      )) {
        await recordNotification(tx, notification, now);
      }
    },
  };
}
