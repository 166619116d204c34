import { ConversationsEvent } from '@parley/contracts';
import type { Projection } from '@parley/projections';
import { bookingNotifications, bookingOf } from '../../domain/in-app/booking';
import { recordNotification } from '../../in-app/notification-store';
import { enqueueMail } from '../../outbox/outbox-store';
import { accountOwner } from '../account-owners';
import { knownDomain } from '../known-domains';
import { bookingMail } from './booking-mail';

/**
 * conversations.AppointmentBooked -> BOOKING for the owner and the members the booking's
 * conversation is shared with, and one mail to the owner, in the runner's transaction (like
 * LIVE_SUPPORT, whatever tab the visitor booked from: the booking alone is the news). A booking
 * of a deleted domain says nothing. An owner not heard of yet (identity's projection runs apart)
 * is an error: retried in place, then parked, rather than a lost mail. Once per event and
 * recipient (the notifications' source ids, the mail's booking id), past-retention events create
 * nothing and old ones are not pushed.
 */
export function bookingsProjection(appUrl: string, clock: () => Date = () => new Date()): Projection {
  return {
    name: 'notifications-bookings-v1',
    context: 'conversations',
    aggregate: 'slot',
    async apply(tx, event) {
      if (event.type !== ConversationsEvent.AppointmentBooked) return;
      const booking = bookingOf(event);
      const domain = await knownDomain(tx, booking.accountId, booking.domainId);
      if (domain.kind === 'deleted') return;
      const owner = await accountOwner(tx, booking.accountId);
      if (!owner)
        throw new Error(
          `AppointmentBooked ${event.eventId}: the owner of account ${booking.accountId} is not known yet`,
        );
      const name = domain.kind === 'known' ? domain.domain : null;
      const now = clock();
      for (const notification of bookingNotifications(event, booking, name)) {
        await recordNotification(tx, notification, now);
      }
      await enqueueMail(
        tx,
        bookingMail(booking, { owner, domain: name, appUrl, occurredAt: event.occurredAt }),
        now,
      );
    },
  };
}
