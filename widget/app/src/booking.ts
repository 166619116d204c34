import { BOOKING_MAX_DAYS_AHEAD } from '@parley/contracts';
import type { CustomerQuestion } from './types';

/** Spec screen 14: 1 'Details', 2 'Book a meeting', 3 'Thank You'. */
export type BookingStep = 1 | 2 | 3;
export const STEP_TITLES: Record<BookingStep, string> = { 1: 'Details', 2: 'Book a meeting', 3: 'Thank You' };

/** Step 1 is skipped when every question is already answered (or there are none). */
export const firstStep = (questions: CustomerQuestion[]): BookingStep =>
  questions.every((q) => q.answered) ? 2 : 1;

export const progressPercent = (step: BookingStep) => Math.round((step / 3) * 100);

const two = (n: number) => String(n).padStart(2, '0');
/*
 * Calendar arithmetic on the platform's Date, not a date library: the dashboard's one library is
 * dayjs (antd's), and dayjs here would put 2.5 KB more on every page view of a customer's site,
 * past the app frame's budget (widget/test/budget.unit.spec.ts), for the five sums below.
 */
const startOfMonth = (d: Date) => new Date(d.getFullYear(), d.getMonth(), 1);
/** Whole calendar days from `from` to `to`, counted on their local dates (a DST hour changes nothing). */
const calendarDaysBetween = (from: Date, to: Date) =>
  Math.round(
    (Date.UTC(to.getFullYear(), to.getMonth(), to.getDate()) -
      Date.UTC(from.getFullYear(), from.getMonth(), from.getDate())) /
      86_400_000,
  );

/** yyyy-MM-dd of the local day (not toISOString's, which is UTC's). */
export const isoDate = (d: Date) => `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}`;

/**
 * The platform's formatter rather than a date library's `format` with a locale, which would add
 * to what every page view of a customer's site loads.
 */
const DAY = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'short', day: 'numeric' });
const MONTH = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric' });
/** 'Saturday, Jan 5' */
export const dayTitle = (d: Date) => DAY.format(d);
/** 'January 2030' */
export const monthTitle = (d: Date) => MONTH.format(d);

export interface CalendarDay {
  date: string;
  day: number;
  /** Before today or further ahead than bookings may be made. */
  disabled: boolean;
}

/**
 * One month as calendar rows (Sunday first), with null for the blanks before the first day. Only
 * days from today up to BOOKING_MAX_DAYS_AHEAD are bookable.
 */
export function monthGrid(month: Date, today: Date): Array<Array<CalendarDay | null>> {
  const first = startOfMonth(month);
  const days = new Date(first.getFullYear(), first.getMonth() + 1, 0).getDate();
  const cells: Array<CalendarDay | null> = Array.from({ length: first.getDay() }, () => null);
  for (let i = 0; i < days; i++) {
    const d = new Date(first.getFullYear(), first.getMonth(), i + 1);
    const ahead = calendarDaysBetween(today, d);
    cells.push({ date: isoDate(d), day: i + 1, disabled: ahead < 0 || ahead > BOOKING_MAX_DAYS_AHEAD });
  }
  while (cells.length % 7) cells.push(null);
  const rows: Array<Array<CalendarDay | null>> = [];
  for (let i = 0; i < cells.length; i += 7) rows.push(cells.slice(i, i + 7));
  return rows;
}

/** The months the calendar may page through: this one up to the one holding the last bookable day. */
export function canShowMonth(month: Date, today: Date): boolean {
  const first = startOfMonth(month);
  const lastBookable = new Date(
    today.getFullYear(),
    today.getMonth(),
    today.getDate() + BOOKING_MAX_DAYS_AHEAD,
  );
  return first >= startOfMonth(today) && first <= startOfMonth(lastBookable);
}

export const nextMonth = (month: Date, delta: number) =>
  new Date(month.getFullYear(), month.getMonth() + delta, 1);

/** An address as the booking form accepts it (the server checks it again). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const EMAIL_IN_TEXT = /[^\s@<>()[\],;:"']+@[^\s@<>()[\],;:"']+\.[^\s@<>()[\],;:"'.]+/;
/** A question asking for an email address, in the languages owners write their questions in. */
const ASKS_FOR_EMAIL = /e-?mail|courriel|correo|posta elettronica|endere[cç]o de e-?mail/i;

/**
 * The email address the visitor gave in the Details step, so the booking form need not ask for
 * it again: the answer to a question asking for an email, else the first answer holding one.
 * Only this visitor's own answers are read (GET /api/widget/questions answers with those).
 */
export function emailFromAnswers(questions: CustomerQuestion[]): string | null {
  const found = (q: CustomerQuestion) => q.answer?.match(EMAIL_IN_TEXT)?.[0] ?? null;
  const asked = questions.filter((q) => ASKS_FOR_EMAIL.test(q.question));
  for (const q of [...asked, ...questions]) {
    const email = found(q);
    if (email && EMAIL_PATTERN.test(email)) return email;
  }
  return null;
}
