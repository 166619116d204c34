import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { spanOf, WEEKDAYS, type BusinessHours } from './schema';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * Whether `at` falls in the domain's business hours. The week is read on the domain's wall clock
 * (dayjs's timezone plugin converts the instant with the runtime's IANA rules, so summer time is
 * whatever the zone says that day). A holiday closes its whole local date, including the part of
 * an overnight interval that began the evening before; an overnight interval that begins on a
 * holiday does not open at all. Business hours off: always in hours.
 */
export function isWithinBusinessHours(hours: BusinessHours, at: Date | number): boolean {
  if (!hours.enabled) return true;
  const local = wallClock(typeof at === 'number' ? at : at.getTime(), hours.timeZone);
  // A zone the runtime no longer knows: never hide the team behind a setting we cannot read.
  if (!local) return true;
  const holidays = new Set(hours.holidays);
  const date = local.format('YYYY-MM-DD');
  if (holidays.has(date)) return false;
  const minute = local.hour() * 60 + local.minute();
  if (hours.weekly[weekdayOf(local)].some((i) => contains(spanOf(i), minute))) return true;
  // The calendar day before, on the wall clock (counted in UTC so no summer-time shift moves it).
  const dayBefore = dayjs.utc(date).subtract(1, 'day');
  if (holidays.has(dayBefore.format('YYYY-MM-DD'))) return false;
  return hours.weekly[weekdayOf(dayBefore)].some((i) => contains(spanOf(i), minute + 1440));
}

function wallClock(ms: number, timeZone: string): dayjs.Dayjs | null {
  try {
    return dayjs(ms).tz(timeZone);
  } catch {
    return null;
  }
}

/** dayjs counts from Sunday (0); the schedule's week starts on Monday. */
const weekdayOf = (d: dayjs.Dayjs) => WEEKDAYS[(d.day() + 6) % 7]!;

const contains = ([start, end]: [number, number], minute: number) => minute >= start && minute < end;
