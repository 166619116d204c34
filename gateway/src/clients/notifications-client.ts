import type { InAppNotification, NotificationType } from '@parley/contracts';
import { loadService, rpcClient, type Caller, type CallerTokenSigner } from '@parley/grpc';
import type {
  NewsletterLinkResponse__Output,
  Notification__Output,
} from '@parley/grpc/generated/parley/notifications/v1';
import { metadataOf, type CallContext } from './call-context';

/** proto/notifications/v1/notifications.proto as the gateway uses it. */
export type NewsletterLinkAnswer = NewsletterLinkResponse__Output;

const fromWire = (n: Notification__Output): InAppNotification => ({
  id: n.id,
  type: n.type as NotificationType,
  message: n.message,
  read: n.read,
  createdAt: n.createdAt,
  domainId: n.domainId || null,
  roomId: n.roomId || null,
});

/** The notifications service's RPCs, typed, each with the gateway's deadline. Rejections are AppErrors. */
export interface NotificationsClient {
  subscribeNewsletter(request: { email: string }, context?: CallContext): Promise<void>;
  confirmNewsletterSubscription(
    request: { token: string },
    context?: CallContext,
  ): Promise<NewsletterLinkAnswer>;
  unsubscribeNewsletter(request: { token: string }, context?: CallContext): Promise<NewsletterLinkAnswer>;
  /** The caller's notifications the UI shows, newest first, with how many are unread. */
  listNotifications(
    caller: Caller,
    context?: CallContext,
  ): Promise<{ notifications: InAppNotification[]; unreadCount: number }>;
  /** Rejects with not_found when the notification is not the caller's. */
  markNotificationRead(caller: Caller, id: string, context?: CallContext): Promise<InAppNotification>;
  /** How many were unread. */
  markAllNotificationsRead(caller: Caller, context?: CallContext): Promise<number>;
  /** How many were removed. */
  cleanupNotifications(caller: Caller, context?: CallContext): Promise<number>;
  close(): void;
}

export function createNotificationsClient(
  address: string,
  deadlineMs: number,
  callerToken?: CallerTokenSigner,
): NotificationsClient {
  const Notifications = loadService(
    'notifications/v1/notifications.proto',
    'parley.notifications.v1.Notifications',
  );
  const rpc = rpcClient(Notifications, address, { deadlineMs, callerToken });
  const call = (context?: CallContext) => ({ metadata: metadataOf(context) });

  return {
    subscribeNewsletter: async (request, context) => {
      await rpc.subscribeNewsletter(request, call(context));
    },
    confirmNewsletterSubscription: (request, context) =>
      rpc.confirmNewsletterSubscription(request, call(context)),
    unsubscribeNewsletter: (request, context) => rpc.unsubscribeNewsletter(request, call(context)),
    listNotifications: async (caller, context) => {
      const answer = await rpc.listNotifications({ caller }, call(context));
      return { notifications: answer.notifications.map(fromWire), unreadCount: answer.unreadCount };
    },
    // The service answers the notification it marked, or refuses.
    markNotificationRead: async (caller, id, context) =>
      fromWire(
        (await rpc.markNotificationRead({ caller, id }, call(context))).notification as Notification__Output,
      ),
    markAllNotificationsRead: async (caller, context) =>
      (await rpc.markAllNotificationsRead({ caller }, call(context))).updated,
    cleanupNotifications: async (caller, context) =>
      (await rpc.cleanupNotifications({ caller }, call(context))).removed,
    close: () => rpc.close(),
  };
}
