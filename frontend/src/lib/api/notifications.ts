import { z } from 'zod';
import { api } from './client';

/** Notification shapes of docs/api/README.md (notifications area). */
export const notificationSchema = z.object({
  id: z.string(),
  type: z.string(),
  message: z.string(),
  read: z.boolean(),
  createdAt: z.string(),
  domainId: z.string().nullish(),
  /** LIVE_SUPPORT, ORDER_PAID: the conversation it opens. */
  roomId: z.string().nullish(),
});
export type AppNotification = z.infer<typeof notificationSchema>;

export const notificationListSchema = z.object({
  data: z.array(notificationSchema),
  unreadCount: z.number().int().nonnegative().optional(),
});

/**
 * The types the app shows (spec section 3, issue 10's BOOKING, issue 12's ORDER_PAID, issue 14's
 * APPLICATION for admins, issue 17's WEBHOOK_DISABLED for owners); the others are not shown.
 */
export const SHOWN_TYPES = [
  'DOMAIN_SETUP',
  'LIVE_SUPPORT',
  'BOOKING',
  'ORDER_PAID',
  'APPLICATION',
  'WEBHOOK_DISABLED',
] as const;
export const isShown = (n: AppNotification) => (SHOWN_TYPES as readonly string[]).includes(n.type);

export const fetchNotifications = (signal?: AbortSignal) =>
  api('/notifications', { schema: notificationListSchema, signal });

export const markNotificationRead = (id: string) =>
  api(`/notifications/${encodeURIComponent(id)}`, { method: 'PATCH', body: { read: true } });

export const markAllNotificationsRead = () => api('/notifications/mark-all-read', { method: 'POST' });

export const cleanupNotifications = () => api('/notifications/cleanup', { method: 'DELETE' });
