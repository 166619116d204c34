import { DateTime } from 'luxon';
import { spanOf, WEEKDAYS, type BusinessHours } from './schema';

/**
 * Whether `at` falls in the domain's business hours. The week is read on the domain's wall clock
 * (luxon converts the instant with the IANA rules, so summer time is whatever the zone says that
 * day). A holiday closes its whole local date, including the part of an overnight interval that
 * began the evening before; an overnight interval that begins on a holiday does not open at all.
 * Business hours off: always in hours.
 */
export function isWithinBusinessHours(hours: BusinessHours, at: Date | number): boolean {
  if (!hours.enabled) return true;
  const local = DateTime.fromMillis(typeof at === 'number' ? at : at.getTime(), { zone: hours.timeZone });
  // A zone the runtime no longer knows: never hide the team behind a setting we cannot read.
  if (!local.isValid) return true;
  const holidays = new Set(hours.holidays);
  if (holidays.has(local.toISODate() ?? '')) return false;
  const minute = local.hour * 60 + local.minute;
  const today = WEEKDAYS[local.weekday - 1]!;
  if (hours.weekly[today].some((i) => contains(spanOf(i), minute))) return true;
  const dayBefore = local.minus({ days: 1 });
  if (holidays.has(dayBefore.toISODate() ?? '')) return false;
  const yesterday = WEEKDAYS[dayBefore.weekday - 1]!;
  return hours.weekly[yesterday].some((i) => contains(spanOf(i), minute + 1440));
}

const contains = ([start, end]: [number, number], minute: number) => minute >= start && minute < end;
