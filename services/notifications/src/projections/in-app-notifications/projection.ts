import { domainDeletedSchema, DomainsEvent } from '@parley/contracts';
import type { Projection } from '@parley/projections';
import { domainSetupNotification } from '../../domain/in-app/notification';
import { deleteDomainNotifications, recordNotification } from '../../in-app/notification-store';

/**
 * in_app_notifications from the domains context: DomainAdded creates DOMAIN_SETUP for the user
 * who added the domain (once per event: the checkpoint skips redeliveries and the event id is
 * unique in the table), DomainDeleted removes that domain's notifications. Events older than the
 * retention are skipped, and ones older than ANNOUNCE_WITHIN_MS are stored without a push.
 */
export function inAppNotificationsProjection(clock: () => Date): Projection {
  return {
    name: 'notifications-in-app-v1',
    context: 'domains',
    async apply(tx, recorded) {
      if (recorded.type === DomainsEvent.DomainAdded) {
        await recordNotification(tx, domainSetupNotification(recorded), clock());
      } else if (recorded.type === DomainsEvent.DomainDeleted) {
        const parsed = domainDeletedSchema.safeParse(recorded.data);
        if (!parsed.success) throw new Error(`DomainDeleted ${recorded.eventId} does not match its contract`);
        await deleteDomainNotifications(tx, parsed.data.accountId, parsed.data.domainId);
      }
    },
  };
}
