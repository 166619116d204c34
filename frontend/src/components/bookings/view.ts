import {
  BOOKING_PERIODS,
  BOOKING_SORTS,
  BOOKINGS_MAX_PAGE,
  BOOKINGS_PAGE_SIZE,
  bookingDateLabel,
  type BookingPeriod,
  type BookingSort,
} from '@parley/contracts';

/** What the bookings page shows: kept in its URL, so a link (the BOOKING mail's) opens it so. */
export interface BookingsView {
  /** '' for every domain. */
  domainId: string;
  when: BookingPeriod;
  sort: BookingSort;
  page: number;
  pageSize: number;
}

export const PAGE_SIZES = [10, 20, 50] as const;

export const DEFAULT_VIEW: BookingsView = {
  domainId: '',
  when: 'all',
  sort: 'date_desc',
  page: 1,
  pageSize: BOOKINGS_PAGE_SIZE,
};

export const PERIOD_LABELS: Record<BookingPeriod, string> = {
  all: 'All',
  upcoming: 'Upcoming',
  past: 'Past',
};
export const SORT_LABELS: Record<BookingSort, string> = {
  date_desc: 'Latest date first',
  date_asc: 'Earliest date first',
  booked_desc: 'Newest bookings first',
};

const oneOf = <T extends string>(value: string | null, allowed: readonly T[], fallback: T): T =>
  value && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;

const pageNumber = (value: string | null, max: number, fallback: number): number => {
  const n = value && /^\d{1,7}$/.test(value) ? Number(value) : NaN;
  return Number.isInteger(n) && n >= 1 && n <= max ? n : fallback;
};

/** The view a URL's query asks for; anything unknown or out of range is the default. */
export function viewFromQuery(query: URLSearchParams): BookingsView {
  const domainId = (query.get('domainId') ?? '').trim();
  return {
    domainId: domainId.length <= 200 ? domainId : '',
    when: oneOf(query.get('when'), BOOKING_PERIODS, DEFAULT_VIEW.when),
    sort: oneOf(query.get('sort'), BOOKING_SORTS, DEFAULT_VIEW.sort),
    page: pageNumber(query.get('page'), BOOKINGS_MAX_PAGE, 1),
    pageSize: (PAGE_SIZES as readonly number[]).includes(Number(query.get('pageSize')))
      ? Number(query.get('pageSize'))
      : DEFAULT_VIEW.pageSize,
  };
}

/** The query of a view, without what is the default (so the plain page is plain /dashboard/bookings). */
export function queryOfView(view: BookingsView): string {
  const q = new URLSearchParams();
  if (view.domainId) q.set('domainId', view.domainId);
  if (view.when !== DEFAULT_VIEW.when) q.set('when', view.when);
  if (view.sort !== DEFAULT_VIEW.sort) q.set('sort', view.sort);
  if (view.page !== 1) q.set('page', String(view.page));
  if (view.pageSize !== DEFAULT_VIEW.pageSize) q.set('pageSize', String(view.pageSize));
  const s = q.toString();
  return s ? `?${s}` : '';
}

/** The API path of a view: every parameter spelled out. */
export function bookingsPath(view: BookingsView): string {
  const q = new URLSearchParams({
    sort: view.sort,
    when: view.when,
    page: String(view.page),
    pageSize: String(view.pageSize),
  });
  if (view.domainId) q.set('domainId', view.domainId);
  return `/bookings?${q.toString()}`;
}

/** A change of filter or order starts again on the first page. */
export function withFilter(view: BookingsView, change: Partial<Omit<BookingsView, 'page'>>): BookingsView {
  return { ...view, ...change, page: 1 };
}

/** 'Sat, Jan 5, 2030 · 10:00am' */
export const whenLabel = (b: { date: string; slot: string }) => `${bookingDateLabel(b.date)} · ${b.slot}`;

/** Before today (in the browser's calendar: the slot's date has no time zone). */
export function isPast(date: string, now: Date): boolean {
  const pad = (n: number) => String(n).padStart(2, '0');
  const today = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  return date < today;
}

/** The dashboard's conversation page opens the room named by its `room` query parameter. */
export const conversationHref = (roomId: string) =>
  `/dashboard/conversation?room=${encodeURIComponent(roomId)}`;
