/** The widget's 'Book a meeting' step offers these slots on any future date. */
export const BOOKING_SLOTS = [
  '9:00am',
  '10:00am',
  '11:00am',
  '12:00pm',
  '1:00pm',
  '2:00pm',
  '3:00pm',
  '4:00pm',
] as const;
export type BookingSlot = (typeof BOOKING_SLOTS)[number];

export const DEFAULT_APPOINTMENT_NAME = 'Discovery Call';
export const GUEST_NAME = 'Guest';
export const SLOT_TAKEN_MESSAGE = 'This time slot is already booked';
/** How far ahead a booking may be made. */
export const BOOKING_MAX_DAYS_AHEAD = 90;
