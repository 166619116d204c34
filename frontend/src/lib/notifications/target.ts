import type { AppNotification } from '@/lib/api/notifications';
import { PATHS } from '../routing/paths';

/** Where clicking a notification leads: a domain's setup wizard, a page, or nowhere. */
export type NotificationTarget =
  { kind: 'domain-setup'; domainId: string } | { kind: 'page'; href: string } | null;

const CONVERSATIONS = '/dashboard/conversation';

/**
 * DOMAIN_SETUP opens that domain's setup wizard (spec screen 15); LIVE_SUPPORT (and ORDER_PAID) opens the
 * conversation on the conversations page, which selects the room named by its `room` query (the
 * page alone when the notification names no room); BOOKING the bookings of its domain;
 * APPLICATION (admins) the applications waiting for a look.
 */
export function notificationTarget(
  n: Pick<AppNotification, 'type' | 'domainId' | 'roomId'>,
): NotificationTarget {
  if (n.type === 'DOMAIN_SETUP') return n.domainId ? { kind: 'domain-setup', domainId: n.domainId } : null;
  if (n.type === 'LIVE_SUPPORT' || n.type === 'ORDER_PAID')
    return {
      kind: 'page',
      href: n.roomId ? `${CONVERSATIONS}?room=${encodeURIComponent(n.roomId)}` : CONVERSATIONS,
    };
  if (n.type === 'BOOKING')
    return {
      kind: 'page',
      href: n.domainId ? `${PATHS.bookings}?domainId=${encodeURIComponent(n.domainId)}` : PATHS.bookings,
    };
  if (n.type === 'APPLICATION') return { kind: 'page', href: `${PATHS.adminApplications}?status=new` };
  // The endpoint that failed for a day: the webhooks page shows it disabled, with 'Turn on'.
  if (n.type === 'WEBHOOK_DISABLED') return { kind: 'page', href: '/dashboard/settings/webhooks' };
  return null;
}
