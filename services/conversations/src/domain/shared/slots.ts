import { BOOKING_SLOTS, type BookingSlot } from '@parley/contracts';

export const isBookingSlot = (slot: string): slot is BookingSlot =>
  (BOOKING_SLOTS as readonly string[]).includes(slot);

/** '9:00am' -> 540, '1:00pm' -> 780: minutes after midnight, to order a day's slots. */
export function slotMinutes(slot: string): number {
  const m = /^(\d{1,2}):(\d{2})(am|pm)$/.exec(slot);
  if (!m) return 0;
  const hour = (Number(m[1]) % 12) + (m[3] === 'pm' ? 12 : 0);
  return hour * 60 + Number(m[2]);
}
