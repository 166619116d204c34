import type { InAppNotification, NotificationType } from '@parley/contracts';
import { callUnary, createClient, loadService, type Caller, type CallerTokenSigner } from '@parley/grpc';
import { metadataOf, type CallContext } from './call-context';

/** proto/notifications/v1/notifications.proto as the gateway uses it. */
export interface NewsletterLinkAnswer {
  /** confirmed | already-confirmed | unsubscribed | invalid | expired */
  outcome: string;
}

/** proto Notification; an empty domainId (roomId) means none. */
interface WireNotification {
  id: string;
  type: string;
  message: string;
  read: boolean;
  createdAt: string;
  domainId: string;
  roomId: string;
}

const fromWire = (n: WireNotification): InAppNotification => ({
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
  const client = createClient(Notifications, address, { callerToken });
  const call = <Req, Res>(method: string, request: Req, context?: CallContext) =>
    callUnary<Req, Res>(client, method, request, { deadlineMs, metadata: metadataOf(context) });

  return {
    subscribeNewsletter: async (request, context) => {
      await call('subscribeNewsletter', request, context);
    },
    confirmNewsletterSubscription: (request, context) =>
      call('confirmNewsletterSubscription', request, context),
    unsubscribeNewsletter: (request, context) => call('unsubscribeNewsletter', request, context),
    listNotifications: async (caller, context) => {
      const answer = await call<object, { notifications: WireNotification[]; unreadCount: number }>(
        'listNotifications',
        { caller },
        context,
      );
      return { notifications: answer.notifications.map(fromWire), unreadCount: answer.unreadCount };
    },
    markNotificationRead: async (caller, id, context) =>
      fromWire(
        (
          await call<object, { notification: WireNotification }>(
            'markNotificationRead',
            { caller, id },
            context,
          )
        ).notification,
      ),
    markAllNotificationsRead: async (caller, context) =>
      (await call<object, { updated: number }>('markAllNotificationsRead', { caller }, context)).updated,
    cleanupNotifications: async (caller, context) =>
      (await call<object, { removed: number }>('cleanupNotifications', { caller }, context)).removed,
    close: () => client.close(),
  };
}
