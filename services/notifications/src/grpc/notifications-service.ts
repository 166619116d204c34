import type { UntypedServiceImplementation } from '@grpc/grpc-js';
import { unary } from '@parley/grpc';
import type { Logger } from '@parley/logger';
import type { NewsletterDeps } from '../app/newsletter/deps';
import { confirmNewsletterSubscription, unsubscribeFromNewsletter } from '../app/newsletter/follow-link';
import { subscribeToNewsletter } from '../app/newsletter/subscribe';

/** proto <-> application mapping for parley.notifications.v1.Notifications; no decisions here. */
export function notificationsService(deps: NewsletterDeps, logger: Logger): UntypedServiceImplementation {
  const onInternal = (method: string) => (error: unknown) =>
    logger.error({ err: error, method }, 'notifications call failed');
  const rpc = <Req, Res>(method: string, handler: (req: Req) => Promise<Res>) =>
    unary<Req, Res>(handler, onInternal(method));

  return {
    SubscribeNewsletter: rpc('SubscribeNewsletter', async (req: { email: string }) => {
      await subscribeToNewsletter(deps, { email: req.email });
      return {};
    }),
    ConfirmNewsletterSubscription: rpc('ConfirmNewsletterSubscription', async (req: { token: string }) => ({
      outcome: await confirmNewsletterSubscription(deps, req.token),
    })),
    UnsubscribeNewsletter: rpc('UnsubscribeNewsletter', async (req: { token: string }) => ({
      outcome: await unsubscribeFromNewsletter(deps, req.token),
    })),
  };
}
