import {
  appointmentBookedSchema,
  bookingMessage,
  type AppointmentBooked,
  notificationsError,
} from '@parley/contracts';
import { timeOf, type NewNotification, type SourceEvent } from './notification';

/**
 * The booking a conversations.AppointmentBooked event reports. A payload that breaks the
 * contract is an error, parked by the projection, not a silently missing notification.
 */
export function bookingOf(event: SourceEvent): AppointmentBooked {
  const parsed = appointmentBookedSchema.safeParse(event.data);
  if (!parsed.success) {
    throw notificationsError(
      'validation',
      `AppointmentBooked ${event.eventId} does not match its contract`,
      'VALIDATION',
    );
  }
  return parsed.data;
}

/**
 * BOOKING for everyone who sees the booking on the dashboard: the account's owner (accountId is
 * the owner's user id) and the team members the booking visitor's conversation was shared with
 * at that moment, each once (the source id names event and recipient). It names no room: the
 * conversation may not exist yet, and the bookings list links it when it does.
 */
export function bookingNotifications(
  event: SourceEvent,
  booking: AppointmentBooked,
  /** The domain's name, or null while notifications has not heard of it (the text then names none). */
  domain: string | null,
): NewNotification[] {
  const recipients = [...new Set([booking.accountId, ...(booking.sharedWith ?? [])])];
  const createdAt = timeOf(event, booking.bookedAt);
  return recipients.map((userId) => ({
    sourceEventId: `${event.eventId}:${userId}`,
    accountId: booking.accountId,
    userId,
    type: 'BOOKING',
    message: bookingMessage(booking, domain),
    domainId: booking.domainId,
    roomId: null,
    createdAt,
  }));
}
