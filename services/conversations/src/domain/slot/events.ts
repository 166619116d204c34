import { ConversationsEvent } from '@parley/contracts';
import type { DomainEvent } from '@parley/eventstore';

/**
 * A domain's appointment slot on one date (subject conversations.slot.<sha256 of domainId, date
 * and slot>). The booking is recorded on the slot itself, so of two visitors booking it at once
 * exactly one append succeeds; the other decides again on the booked slot and is refused.
 */
export const SlotEventType = {
  Booked: ConversationsEvent.AppointmentBooked,
} as const;

export interface BookingFacts {
  bookingId: string;
  customerId: string;
  accountId: string;
  domainId: string;
  /** Empty for the default appointment. */
  appointmentTypeId: string;
  appointmentName: string;
  /** YYYY-MM-DD */
  date: string;
  slot: string;
  email: string;
  name: string;
}

export type AppointmentBooked = DomainEvent<typeof SlotEventType.Booked, BookingFacts & { bookedAt: string }>;

export type SlotEvent = AppointmentBooked;
