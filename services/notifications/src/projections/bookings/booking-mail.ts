import type { AppointmentBooked } from '@parley/contracts';
import { timeOf } from '../../domain/in-app/notification';
import { bookingTemplate } from '../../mail/templates/booking';
import type { OutboxEntry } from '../../outbox/outbox-entry';
import type { AccountOwner } from '../account-owners';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The dashboard's bookings of one domain. */
export const bookingsUrl = (appUrl: string, domainId: string) =>
  `${appUrl}/dashboard/bookings?domainId=${encodeURIComponent(domainId)}`;

/**
 * The owner's mail about a booking, keyed by the booking (one mail per booking, whatever is
 * redelivered or replayed). News until the appointment's day is over, and at least for a day
 * after the booking: a rebuilt projection replaying old bookings mails nobody.
 */
export function bookingMail(
  booking: AppointmentBooked,
  facts: { owner: AccountOwner; domain: string | null; appUrl: string; occurredAt: string },
): OutboxEntry {
  const bookedAt = timeOf(facts, booking.bookedAt).getTime();
  const dayOver = Date.parse(`${booking.date}T00:00:00.000Z`) + DAY_MS;
  return {
    id: `booking:${booking.bookingId}`,
    template: bookingTemplate.name,
    recipient: facts.owner.email,
    data: {
      fullname: facts.owner.fullname,
      domain: facts.domain,
      name: booking.name,
      email: booking.email,
      appointmentName: booking.appointmentName,
      date: booking.date,
      slot: booking.slot,
      bookingsUrl: bookingsUrl(facts.appUrl, booking.domainId),
    },
    sealedSecrets: null,
    expiresAt: new Date(Math.max(Number.isNaN(dayOver) ? 0 : dayOver, bookedAt + DAY_MS)),
  };
}
