import {
  conversationsError,
  BOOKING_MAX_DAYS_AHEAD,
  BOOKING_PERIODS,
  BOOKING_SORTS,
  BOOKINGS_MAX_PAGE,
  BOOKINGS_MAX_PAGE_SIZE,
  BOOKINGS_PAGE_SIZE,
  CONVERSATION_FILTERS,
  type BookingPeriod,
  type BookingSort,
  type ConversationFilter,
} from '@parley/contracts';
import { newsletterSubscribeSchema } from '@parley/contracts';
import { CONVERSATION_MESSAGES } from '@parley/contracts/validation';
import { invalidEmail, invalidField } from '../domain/shared/errors';

/** A required short text: trimmed, at most `max` characters. */
export function text(value: string | undefined, field: string, label: string, max: number): string {
  const v = (value ?? '').trim();
  if (!v) throw invalidField(field, `${label} is required`);
  if (v.length > max) throw invalidField(field, `${label} must be at most ${max} characters`);
  return v;
}

/** An optional short text: '' when not given. */
export function optionalText(value: string | undefined, field: string, label: string, max: number): string {
  const v = (value ?? '').trim();
  if (v.length > max) throw invalidField(field, `${label} must be at most ${max} characters`);
  return v;
}

/** The sign-up form's email rule ('Incorrect email format'); lower-cased. */
export function email(value: string | undefined): string {
  const parsed = newsletterSubscribeSchema.shape.email.safeParse(value ?? '');
  if (!parsed.success) throw invalidEmail();
  return parsed.data;
}

export function conversationFilter(value: string | undefined): ConversationFilter {
  const v = value || 'all';
  if (!(CONVERSATION_FILTERS as readonly string[]).includes(v)) {
    throw invalidField('filter', `filter must be one of ${CONVERSATION_FILTERS.join(', ')}`);
  }
  return v as ConversationFilter;
}

/** One of `allowed`; empty: the first. */
function oneOf<T extends string>(
  value: string | undefined,
  allowed: readonly T[],
  field: string,
  message: string,
): T {
  const v = value || allowed[0]!;
  if (!(allowed as readonly string[]).includes(v)) throw invalidField(field, message);
  return v as T;
}

/** The bookings list's order, period and page (the gateway's bookingsQuerySchema, again). */
export function bookingsPage(input: { sort?: string; when?: string; page?: number; pageSize?: number }): {
  sort: BookingSort;
  period: BookingPeriod;
  page: number;
  pageSize: number;
} {
  const M = CONVERSATION_MESSAGES;
  const page = input.page || 1;
  const pageSize = input.pageSize || BOOKINGS_PAGE_SIZE;
  if (!Number.isInteger(page) || page < 1 || page > BOOKINGS_MAX_PAGE) throw invalidField('page', M.page);
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > BOOKINGS_MAX_PAGE_SIZE)
    throw invalidField('pageSize', M.pageSize);
  return {
    sort: oneOf(input.sort, BOOKING_SORTS, 'sort', M.bookingSort),
    period: oneOf(input.when, BOOKING_PERIODS, 'when', M.bookingPeriod),
    page,
    pageSize,
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar date written YYYY-MM-DD. */
export function calendarDate(value: string | undefined): string {
  const v = value ?? '';
  const ms = Date.parse(`${v}T00:00:00.000Z`);
  if (!DATE.test(v) || Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== v) {
    throw invalidField('date', 'Date must be a valid date (YYYY-MM-DD)');
  }
  return v;
}

/** A booking date: today (UTC) or later, and at most BOOKING_MAX_DAYS_AHEAD days ahead. */
export function bookingDate(value: string | undefined, now: number): string {
  const v = calendarDate(value);
  const today = Date.parse(`${new Date(now).toISOString().slice(0, 10)}T00:00:00.000Z`);
  const day = Date.parse(`${v}T00:00:00.000Z`);
  if (day < today) throw invalidField('date', 'Please choose a date that is not in the past');
  if (day > today + BOOKING_MAX_DAYS_AHEAD * DAY_MS) {
    throw invalidField('date', `Bookings can be made at most ${BOOKING_MAX_DAYS_AHEAD} days ahead`);
  }
  return v;
}

/** The bot's decision, sent as JSON text: an object, or nothing. */
export function decisionDocument(json: string | undefined): Record<string, unknown> | undefined {
  if (!json) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw conversationsError('validation', 'decision_json must be a JSON object', 'VALIDATION');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw conversationsError('validation', 'decision_json must be a JSON object', 'VALIDATION');
  }
  return value as Record<string, unknown>;
}

/** Product ids attached to a message: at most 20 non-empty ids. */
export function productIds(ids: string[] | undefined): string[] {
  const list = (ids ?? []).map((id) => id.trim()).filter(Boolean);
  if (list.length > 20) throw invalidField('productIds', 'At most 20 products can be attached');
  if (list.some((id) => id.length > 100)) throw invalidField('productIds', 'Invalid product id');
  return list;
}

/**
 * The product a purchase reply opens the payment flow for: none, or one of the message's own
 * products (which the gateway shows only when they are the room's domain's).
 */
export function checkoutProductId(value: string | undefined, products: string[]): string | undefined {
  const id = (value ?? '').trim();
  if (!id) return undefined;
  if (!products.includes(id))
    throw invalidField('checkoutProductId', "checkoutProductId must be one of the message's productIds");
  return id;
}

/** A sender's idempotency key: optional, at most 100 characters. */
export function clientId(value: string | undefined): string | undefined {
  const v = (value ?? '').trim();
  if (v.length > 100) throw invalidField('clientId', 'clientId must be at most 100 characters');
  return v || undefined;
}
