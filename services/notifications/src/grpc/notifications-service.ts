import type { InAppNotification } from '@parley/contracts';
import { unary, type ServiceHandlers } from '@parley/grpc';
import type { Logger } from '@parley/logger';
import {
  cleanupNotifications,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  type InboxDeps,
} from '../app/in-app/inbox';
import type { NewsletterDeps } from '../app/newsletter/deps';
import { confirmNewsletterSubscription, unsubscribeFromNewsletter } from '../app/newsletter/follow-link';
import { subscribeToNewsletter } from '../app/newsletter/subscribe';

/** proto Notification: no domain (no room) is an empty string on the wire. */
const toWire = (n: InAppNotification) => ({ ...n, domainId: n.domainId ?? '', roomId: n.roomId ?? '' });

/** proto <-> application mapping for parley.notifications.v1.Notifications; no decisions here. */
export function notificationsService(
  deps: { newsletter: NewsletterDeps; inbox: InboxDeps },
  logger: Logger,
): ServiceHandlers<'parley.notifications.v1.Notifications'> {
  const { newsletter, inbox } = deps;
  const onInternal = (method: string) => (error: unknown) =>
    logger.error({ err: error, method }, 'notifications call failed');
  const rpc = <Req, Res>(method: string, handler: (req: Req) => Promise<Res>) =>
    unary<Req, Res>(handler, onInternal(method));

  return {
    SubscribeNewsletter: rpc('SubscribeNewsletter', async (req) => {
      await subscribeToNewsletter(newsletter, { email: req.email });
      return {};
    }),
    ConfirmNewsletterSubscription: rpc('ConfirmNewsletterSubscription', async (req) => ({
      outcome: await confirmNewsletterSubscription(newsletter, req.token),
    })),
    UnsubscribeNewsletter: rpc('UnsubscribeNewsletter', async (req) => ({
      outcome: await unsubscribeFromNewsletter(newsletter, req.token),
    })),

    ListNotifications: rpc('ListNotifications', async (req) => {
      const { notifications, unreadCount } = await listNotifications(inbox, req.caller);
      return { notifications: notifications.map(toWire), unreadCount };
    }),
    MarkNotificationRead: rpc('MarkNotificationRead', async (req) => ({
      notification: toWire(await markNotificationRead(inbox, req.caller, req.id)),
    })),
    MarkAllNotificationsRead: rpc('MarkAllNotificationsRead', async (req) => ({
      updated: await markAllNotificationsRead(inbox, req.caller),
    })),
    CleanupNotifications: rpc('CleanupNotifications', async (req) => ({
      removed: await cleanupNotifications(inbox, req.caller),
    })),
  };
}
