import { z } from 'zod';
import {
  BOOKING_MAX_DAYS_AHEAD,
  BOOKING_PERIODS,
  BOOKING_SLOTS,
  BOOKING_SORTS,
  BOOKINGS_MAX_PAGE,
  BOOKINGS_MAX_PAGE_SIZE,
  BOOKINGS_PAGE_SIZE,
  CONVERSATION_FILTERS,
  EMPTY_MESSAGE,
  MAX_MESSAGE_LENGTH,
  MESSAGE_TOO_LONG,
  NOTE_TYPES,
  ROOMS_CURSOR_MAX_LENGTH,
  ROOMS_MAX_PAGE_SIZE,
  ROOMS_PAGE_SIZE,
} from '../conversations';
import { emailSchema } from './auth';
import { SIGNUP_MESSAGES } from './messages';

/** Bodies and queries of the widget and conversation routes (docs/api/conversations.md). */
export const CONVERSATION_MESSAGES = {
  domainId: 'A domain id is required',
  roomId: 'A conversation id is required',
  memberId: 'Choose a team member',
  clientId: 'clientId must be 1-100 letters, digits, - or _',
  date: 'Choose a date (YYYY-MM-DD)',
  datePast: 'Choose a date from today on',
  dateTooFar: `Choose a date within ${BOOKING_MAX_DAYS_AHEAD} days`,
  slot: 'Choose one of the offered time slots',
  questionId: 'A question id is required',
  answer: 'Answer is required',
  answers: 'Answer at least one question',
  articleId: 'An article id is required',
  helpful: 'helpful must be true or false',
  live: 'live must be true or false',
  filter: `filter must be one of ${CONVERSATION_FILTERS.join(', ')}`,
  noteType: `noteType must be one of ${NOTE_TYPES.join(', ')}`,
  link: 'Link is too long',
  productIds: 'productIds must be a list of at most 10 product ids',
  bookingSort: `sort must be one of ${BOOKING_SORTS.join(', ')}`,
  bookingPeriod: `when must be one of ${BOOKING_PERIODS.join(', ')}`,
  page: `page must be a whole number from 1 to ${BOOKINGS_MAX_PAGE}`,
  pageSize: `pageSize must be a whole number from 1 to ${BOOKINGS_MAX_PAGE_SIZE}`,
  roomsLimit: `limit must be a whole number from 1 to ${ROOMS_MAX_PAGE_SIZE}`,
  roomsCursor: 'Invalid cursor',
} as const;
const M = CONVERSATION_MESSAGES;

const id = (message: string) =>
  z.string({ error: message }).trim().min(1, { error: message }).max(200, { error: message });
const optionalId = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(200, { error: message })
    .optional()
    .transform((v) => v || undefined);
const clientId = z
  .string({ error: M.clientId })
  .regex(/^[A-Za-z0-9_-]{1,100}$/, { error: M.clientId })
  .optional();

/**
 * A chat message's text: what the service keeps after trimming must be there and fit. The service
 * also strips script tags and judges again (a message of only a script tag is empty there).
 */
export const messageContentSchema = z
  .string({ error: EMPTY_MESSAGE })
  .trim()
  .min(1, { error: EMPTY_MESSAGE })
  .max(MAX_MESSAGE_LENGTH, { error: MESSAGE_TOO_LONG });

export const widgetSessionSchema = z.object({
  domainId: id(M.domainId),
  visitorKey: optionalId('visitorKey is too long'),
});
export type WidgetSessionInput = z.infer<typeof widgetSessionSchema>;

export const visitorMessageSchema = z.object({ content: messageContentSchema, clientId });

export const visitorEmailSchema = z.object({ email: emailSchema(SIGNUP_MESSAGES.emailFormat) });

/** Issue 17: the widget's offline form, outside business hours: where to answer, and the message. */
export const offlineMessageSchema = z.object({
  email: emailSchema(SIGNUP_MESSAGES.emailFormat),
  message: messageContentSchema,
  clientId,
});

export const customerAnswersSchema = z.object({
  answers: z
    .array(
      z.object({
        questionId: id(M.questionId),
        answer: z
          .string({ error: M.answer })
          .trim()
          .min(1, { error: M.answer })
          .max(2000, { error: 'Answer is too long' }),
      }),
      { error: M.answers },
    )
    .min(1, { error: M.answers })
    .max(50, { error: 'Too many answers' }),
});

/** YYYY-MM-DD naming a real calendar day. */
export const bookingDateSchema = z
  .string({ error: M.date })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: M.date })
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v);
  }, M.date);

export const takenSlotsQuerySchema = z.object({ date: bookingDateSchema });

/**
 * A booking from the widget's 'Book a meeting' step. The date's range (not in the past, within
 * BOOKING_MAX_DAYS_AHEAD) depends on the clock and the visitor's day, so the service judges it.
 */
export const bookingSchema = z.object({
  appointmentTypeId: optionalId('appointmentTypeId is too long'),
  date: bookingDateSchema,
  slot: z.enum(BOOKING_SLOTS, { error: M.slot }),
  email: emailSchema(SIGNUP_MESSAGES.emailFormat),
  name: z
    .string({ error: 'Name is too long' })
    .trim()
    .max(120, { error: 'Name is too long' })
    .optional()
    .transform((v) => v || undefined),
});
export type BookingInput = z.infer<typeof bookingSchema>;

export const articleFeedbackSchema = z.object({
  articleId: id(M.articleId),
  helpful: z.boolean({ error: M.helpful }),
});

/** A whole number written in a query string, within [1, max]; absent or empty: `fallback`. */
const queryNumber = (max: number, fallback: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (!v) return fallback;
      const n = /^\d{1,7}$/.test(v) ? Number(v) : NaN;
      if (!Number.isInteger(n) || n < 1 || n > max) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return n;
    });

/**
 * GET /api/conversations' query: filter, domain and page. The cursor is conversations' own
 * (opaque here); only its alphabet and length are checked before it travels on.
 */
export const conversationsQuerySchema = z.object({
  filter: z.enum(CONVERSATION_FILTERS, { error: M.filter }).default('all'),
  domainId: optionalId(M.domainId),
  limit: queryNumber(ROOMS_MAX_PAGE_SIZE, ROOMS_PAGE_SIZE, M.roomsLimit),
  cursor: z
    .string({ error: M.roomsCursor })
    .max(ROOMS_CURSOR_MAX_LENGTH, { error: M.roomsCursor })
    .regex(/^[A-Za-z0-9_-]*$/, { error: M.roomsCursor })
    .optional()
    .transform((v) => v || undefined),
});

/** GET /api/bookings' query: the domain (optional), order, period and page. */
export const bookingsQuerySchema = z.object({
  domainId: optionalId(M.domainId),
  sort: z
    .enum(BOOKING_SORTS, { error: M.bookingSort })
    .optional()
    .transform((v) => v ?? 'date_desc'),
  when: z
    .enum(BOOKING_PERIODS, { error: M.bookingPeriod })
    .optional()
    .transform((v) => v ?? 'all'),
  page: queryNumber(BOOKINGS_MAX_PAGE, 1, M.page),
  pageSize: queryNumber(BOOKINGS_MAX_PAGE_SIZE, BOOKINGS_PAGE_SIZE, M.pageSize),
});
export type BookingsQuery = z.infer<typeof bookingsQuerySchema>;

export const teamMessageSchema = z
  .object({
    content: messageContentSchema,
    isNote: z.boolean({ error: 'isNote must be true or false' }).default(false),
    noteType: z.enum(NOTE_TYPES, { error: M.noteType }).optional(),
    link: z
      .string({ error: M.link })
      .trim()
      .max(2000, { error: M.link })
      .optional()
      .transform((v) => v || undefined),
    productIds: z
      .array(z.string({ error: M.productIds }).trim().min(1, { error: M.productIds }).max(200), {
        error: M.productIds,
      })
      .max(10, { error: M.productIds })
      .default([]),
    clientId,
  })
  // A note is internal unless it says it hands over; a reply carries no note type.
  .transform((m) => ({ ...m, noteType: m.isNote ? (m.noteType ?? 'internal') : undefined }));
export type TeamMessageInput = z.infer<typeof teamMessageSchema>;

export const liveModeSchema = z.object({ live: z.boolean({ error: M.live }) });

export const shareRoomSchema = z.object({ memberId: id(M.memberId) });
