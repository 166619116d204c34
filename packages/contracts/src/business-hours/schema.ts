import { z } from 'zod';

/**
 * A domain's business hours (issue 17): when its team answers. Off by default, which means always
 * in hours. Times are wall-clock times in the domain's IANA time zone; an interval whose end is
 * not after its start runs past midnight into the next day ("22:00"-"02:00").
 */
export const WEEKDAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const MAX_INTERVALS_PER_DAY = 4;
export const MAX_HOLIDAYS = 100;
export const MAX_OFFLINE_MESSAGE = 500;

export const BUSINESS_HOURS_MESSAGES = {
  time: 'Enter a time as HH:MM, from 00:00 to 24:00',
  emptyInterval: 'An opening interval must end at another time than it starts',
  overlap: 'Two opening intervals of the same day overlap',
  tooManyIntervals: `A day can have at most ${MAX_INTERVALS_PER_DAY} opening intervals`,
  timeZone: 'Choose a time zone from the list (for example Europe/Berlin)',
  holiday: 'Enter a holiday as a date, YYYY-MM-DD',
  tooManyHolidays: `At most ${MAX_HOLIDAYS} holidays`,
  offlineMessage: 'Write the note visitors see outside business hours',
  offlineMessageLong: `The offline note can be at most ${MAX_OFFLINE_MESSAGE} characters`,
  noHours: 'Add opening hours to at least one day, or turn business hours off',
} as const;
const M = BUSINESS_HOURS_MESSAGES;

const TIME = /^(([01]\d|2[0-3]):[0-5]\d|24:00)$/;
const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** Minutes since midnight of an "HH:MM" the schema accepted. */
export const minutesOf = (time: string): number => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** Whether the runtime's time-zone database knows the name (Node and browsers ship the IANA one). */
export function isTimeZone(name: string): boolean {
  if (!name || name.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const isCalendarDate = (value: string): boolean => {
  if (!DATE.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
};

export const openingIntervalSchema = z
  .object({
    from: z.string({ error: M.time }).trim().regex(TIME, { error: M.time }),
    to: z.string({ error: M.time }).trim().regex(TIME, { error: M.time }),
  })
  .refine((i) => minutesOf(i.from) % 1440 !== minutesOf(i.to), { error: M.emptyInterval, path: ['to'] });
export type OpeningInterval = z.infer<typeof openingIntervalSchema>;

/** [start, end) in minutes from the day's midnight; an overnight interval ends past 1440. */
export function spanOf(interval: OpeningInterval): [number, number] {
  const start = minutesOf(interval.from) % 1440;
  const end = minutesOf(interval.to);
  return [start, end > start ? end : end + 1440];
}

const daySchema = z
  .array(openingIntervalSchema, { error: M.time })
  .max(MAX_INTERVALS_PER_DAY, { error: M.tooManyIntervals })
  .superRefine((intervals, ctx) => {
    const spans = intervals.map(spanOf).sort((a, b) => a[0] - b[0]);
    for (let i = 1; i < spans.length; i++) {
      if (spans[i]![0] < spans[i - 1]![1]) {
        ctx.addIssue({ code: 'custom', message: M.overlap });
        return;
      }
    }
  })
  .transform((intervals) => [...intervals].sort((a, b) => spanOf(a)[0] - spanOf(b)[0]));

const weeklySchema = z.object(
  Object.fromEntries(WEEKDAYS.map((day) => [day, daySchema.default([])])) as Record<
    Weekday,
    z.ZodDefault<typeof daySchema>
  >,
);

export const businessHoursSchema = z
  .object({
    enabled: z.boolean({ error: 'Choose whether business hours are on' }),
    timeZone: z.string({ error: M.timeZone }).trim().refine(isTimeZone, { error: M.timeZone }),
    weekly: weeklySchema,
    holidays: z
      .array(z.string({ error: M.holiday }).trim().refine(isCalendarDate, { error: M.holiday }), {
        error: M.holiday,
      })
      .max(MAX_HOLIDAYS, { error: M.tooManyHolidays })
      .default([])
      .transform((dates) => [...new Set(dates)].sort()),
    offlineMessage: z
      .string({ error: M.offlineMessage })
      .trim()
      .min(1, { error: M.offlineMessage })
      .max(MAX_OFFLINE_MESSAGE, { error: M.offlineMessageLong }),
  })
  .superRefine((hours, ctx) => {
    if (hours.enabled && WEEKDAYS.every((day) => hours.weekly[day].length === 0))
      ctx.addIssue({ code: 'custom', path: ['weekly'], message: M.noHours });
  });
export type BusinessHours = z.infer<typeof businessHoursSchema>;

/** A new domain's: off (always in hours), Monday to Friday 9 to 5 ready to switch on. */
export const BUSINESS_HOURS_DEFAULTS: BusinessHours = {
  enabled: false,
  timeZone: 'UTC',
  weekly: {
    monday: [{ from: '09:00', to: '17:00' }],
    tuesday: [{ from: '09:00', to: '17:00' }],
    wednesday: [{ from: '09:00', to: '17:00' }],
    thursday: [{ from: '09:00', to: '17:00' }],
    friday: [{ from: '09:00', to: '17:00' }],
    saturday: [],
    sunday: [],
  },
  holidays: [],
  offlineMessage:
    "We're away right now. Our assistant can still help, or leave your email and a message and we'll get back to you.",
};

/** What the widget is told: whether a person can join now, and the owner's note when not. */
export interface WidgetBusinessHours {
  enabled: boolean;
  open: boolean;
  offlineMessage: string;
}
