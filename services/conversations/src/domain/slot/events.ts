import { ConversationsEvent, type AppointmentBooked as BookedPayload } from '@parley/contracts';
import type { DomainEvent } from '@parley/eventstore';

/**
 * A domain's appointment slot on one date (subject conversations.slot.<sha256 of domainId, date
 * and slot>). The booking is recorded on the slot itself, so of two visitors booking it at once
 * exactly one append succeeds; the other decides again on the booked slot and is refused.
 */
export const SlotEventType = {
  Booked: ConversationsEvent.AppointmentBooked,
} as const;

/** What a booking records (the payload is public: `appointmentBookedSchema` in @parley/contracts). */
export type BookingFacts = Omit<BookedPayload, 'bookedAt' | 'roomId' | 'sharedWith'> & {
  roomId: string | null;
  sharedWith: string[];
};

export type AppointmentBooked = DomainEvent<typeof SlotEventType.Booked, BookingFacts & { bookedAt: string }>;

export type SlotEvent = AppointmentBooked;
