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

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * A booking's date as people read it, 'Sat, Jan 5, 2030' (the notification, the mail and the
 * dashboard say it alike). The date has no time zone: it is the day the visitor picked.
 */
export function bookingDateLabel(date: string): string {
  const d = new Date(`${date}T00:00:00.000Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(d.getTime())) return date;
  return `${WEEKDAYS[d.getUTCDay()]}, ${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}`;
}

/**
 * The team's list of bookings (GET /api/bookings): ordered by the appointment's date and slot
 * (latest or earliest first) or by when it was booked (newest first).
 */
export const BOOKING_SORTS = ['date_desc', 'date_asc', 'booked_desc'] as const;
export type BookingSort = (typeof BOOKING_SORTS)[number];

/** Which appointments: every one, from today (UTC) on, or before today. */
export const BOOKING_PERIODS = ['all', 'upcoming', 'past'] as const;
export type BookingPeriod = (typeof BOOKING_PERIODS)[number];

export const BOOKINGS_PAGE_SIZE = 20;
export const BOOKINGS_MAX_PAGE_SIZE = 100;
/** Pages beyond this are refused: nobody pages through 100,000 bookings by hand. */
export const BOOKINGS_MAX_PAGE = 1000;

/** One booking as the team reads it. */
export interface Booking {
  id: string;
  customerId: string;
  domainId: string;
  /** The domain's hostname. */
  domain: string;
  appointmentTypeId: string | null;
  appointmentName: string;
  /** YYYY-MM-DD */
  date: string;
  slot: string;
  email: string;
  name: string;
  /** ISO 8601: when it was booked. */
  createdAt: string;
  /**
   * The booking visitor's conversation, when there is one the caller may open (null before the
   * visitor's first message, or for a booking made before conversations were linked).
   */
  roomId: string | null;
}

/** GET /api/bookings' answer: one page of the caller's bookings and how many there are. */
export interface BookingPage {
  data: Booking[];
  total: number;
  page: number;
  pageSize: number;
}
