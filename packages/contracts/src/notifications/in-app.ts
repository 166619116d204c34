import { z } from 'zod';
import { bookingDateLabel } from '../conversations/booking';

/**
 * In-app notifications (the dashboard's bell and /notifications page). The notifications service
 * creates them from other contexts' events and keeps them in its own table; the gateway serves
 * them under /api/notifications and pushes new ones to Socket.IO room `user-{id}`.
 */

/**
 * The types the UI shows; the service may hold others later, and lists only these. BOOKING: a
 * visitor booked an appointment (issue 10); ORDER_PAID: a visitor paid for an order in the widget
 * (issue 12), it opens that conversation; APPLICATION goes to admins: a visitor applied for a job
 * listed on /careers (issue 14); WEBHOOK_DISABLED goes to the owner: an outgoing webhook endpoint
 * failed for a day and was turned off (issue 17).
 */
export const NOTIFICATION_TYPES = [
  'DOMAIN_SETUP',
  'LIVE_SUPPORT',
  'BOOKING',
  'ORDER_PAID',
  'APPLICATION',
  'WEBHOOK_DISABLED',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/**
 * Types the service keeps but never lists or pushes (spec: "the other types are not shown").
 * USAGE_ALERT records that the owner was alerted about request usage (80% and the limit); the
 * owner sees it as the dashboard's usage alert banner and a mail, not in the bell.
 */
export const HIDDEN_NOTIFICATION_TYPES = ['USAGE_ALERT'] as const;
export type StoredNotificationType = NotificationType | (typeof HIDDEN_NOTIFICATION_TYPES)[number];

/** One notification as the API and the socket event carry it. */
export interface InAppNotification {
  id: string;
  type: NotificationType;
  message: string;
  read: boolean;
  /** ISO-8601 UTC. */
  createdAt: string;
  /**
   * The domain it is about (DOMAIN_SETUP opens that domain's setup wizard, BOOKING the bookings
   * of that domain), or null.
   */
  domainId: string | null;
  /** The conversation it is about (LIVE_SUPPORT opens that room), or null. */
  roomId: string | null;
}

/** DOMAIN_SETUP's text, for the user who added the domain. */
export const domainSetupMessage = (domain: string) =>
  `Set up your new domain ${domain}: tell the assistant about your business.`;

/**
 * LIVE_SUPPORT's text (and the owner's handoff mail's subject): the assistant handed a visitor's
 * conversation on `domain` to the team. Null when the domain's name is not known.
 */
export const liveSupportMessage = (domain: string | null) =>
  domain ? `A visitor on ${domain} asked for live support` : 'A visitor asked for live support';

/**
 * BOOKING's text (and the owner's booking mail's subject): a visitor booked an appointment.
 * `domain` is null when its name is not known.
 */
export const bookingMessage = (
  booking: { name: string; appointmentName: string; date: string; slot: string },
  domain: string | null,
) =>
  `New booking${domain ? ` on ${domain}` : ''}: ${booking.appointmentName} with ${booking.name}, ` +
  `${bookingDateLabel(booking.date)} at ${booking.slot}`;

/** Cleanup removes notifications read more than this long ago... */
export const NOTIFICATION_READ_RETENTION_DAYS = 30;
/** ...and every notification older than this, read or not. */
export const NOTIFICATION_MAX_AGE_DAYS = 90;

/** DELETE /api/notifications/cleanup's answer. */
export const notificationsCleanupMessage = (removed: number) =>
  removed === 1 ? 'Removed 1 old notification' : `Removed ${removed} old notifications`;

/** PATCH /api/notifications/{id}: only marking read is offered (the UI never marks unread). */
export const markNotificationReadSchema = z.object({
  read: z.literal(true, { error: 'read must be true' }),
});
export type MarkNotificationRead = z.infer<typeof markNotificationReadSchema>;

/** Socket.IO event a new notification is pushed as, to room `user-{id}`. */
export const NOTIFICATION_SOCKET_EVENT = 'notification';

/**
 * Core NATS subjects (not JetStream: a push is a hint, the list is the truth) on which the
 * notifications service announces a new notification for a user; every gateway subscribes to
 * `realtimeUsersSubject` in one queue group, so exactly one replica emits each.
 * 'realtime.user.<id>', or '<ns>.realtime.user.<id>'.
 */
export function realtimeUserSubject(userId: string, namespace?: string): string {
  if (!/^[^\s.*>]{1,200}$/.test(userId))
    throw new RangeError(`not a subject token: ${JSON.stringify(userId)}`);
  return `${realtimePrefix(namespace)}.user.${userId}`;
}

export const realtimeUsersSubject = (namespace?: string) => `${realtimePrefix(namespace)}.user.*`;

/** The user id of a realtimeUserSubject, or undefined. */
export function userIdOfRealtimeSubject(subject: string): string | undefined {
  const id = subject.split('.').at(-1);
  return id && subject.endsWith(`.user.${id}`) ? id : undefined;
}

const realtimePrefix = (namespace?: string) =>
  namespace ? `${namespace.toLowerCase()}.realtime` : 'realtime';
