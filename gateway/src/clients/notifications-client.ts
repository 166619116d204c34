import { callUnary, createClient, loadService } from '@parley/grpc';
import { metadataOf, type CallContext } from './call-context';

/** proto/notifications/v1/notifications.proto as the gateway uses it. */
export interface NewsletterLinkAnswer {
  /** confirmed | already-confirmed | unsubscribed | invalid | expired */
  outcome: string;
}

/** The notifications service's RPCs, typed, each with the gateway's deadline. Rejections are AppErrors. */
export interface NotificationsClient {
  subscribeNewsletter(request: { email: string }, context?: CallContext): Promise<void>;
  confirmNewsletterSubscription(
    request: { token: string },
    context?: CallContext,
  ): Promise<NewsletterLinkAnswer>;
  unsubscribeNewsletter(request: { token: string }, context?: CallContext): Promise<NewsletterLinkAnswer>;
  close(): void;
}

export function createNotificationsClient(address: string, deadlineMs: number): NotificationsClient {
  const Notifications = loadService(
    'notifications/v1/notifications.proto',
    'parley.notifications.v1.Notifications',
  );
  const client = createClient(Notifications, address);
  const call = <Req, Res>(method: string, request: Req, context?: CallContext) =>
    callUnary<Req, Res>(client, method, request, { deadlineMs, metadata: metadataOf(context) });

  return {
    subscribeNewsletter: async (request, context) => {
      await call('subscribeNewsletter', request, context);
    },
    confirmNewsletterSubscription: (request, context) =>
      call('confirmNewsletterSubscription', request, context),
    unsubscribeNewsletter: (request, context) => call('unsubscribeNewsletter', request, context),
    close: () => client.close(),
  };
}
