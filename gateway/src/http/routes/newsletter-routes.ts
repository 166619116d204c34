import {
  isNewsletterLinkOutcome,
  NEWSLETTER_ACCEPTED_MESSAGE,
  NEWSLETTER_RESULT_PATH,
  newsletterSubscribeSchema,
  type NewsletterLinkOutcome,
} from '@parley/contracts';
import { Router, type Request, type RequestHandler } from 'express';
import type { NewsletterLinkAnswer } from '../../clients/notifications-client';
import type { RouteDeps } from '../deps';
import { callContext, clientKey } from '../request-facts';
import { withBody } from '../validation';

/** Longer than any token the service issues; anything longer is not worth a call. */
const MAX_TOKEN_LENGTH = 256;

/** Where the browser lands after following a link: the frontend page that shows the outcome. */
export function newsletterResultUrl(publicAppUrl: string, outcome: NewsletterLinkOutcome): string {
  return `${publicAppUrl}${NEWSLETTER_RESULT_PATH}?status=${outcome}`;
}

function tokenOf(req: Request): string | undefined {
  const token = req.query.token;
  return typeof token === 'string' && token.length > 0 && token.length <= MAX_TOKEN_LENGTH
    ? token
    : undefined;
}

/**
 * The landing page's newsletter (double opt-in, run by the notifications service). Subscribing
 * answers the same whether or not the address is on the list already, so the answer cannot be used
 * to find out who subscribed. The links in the confirmation mail are opened in a browser, so they
 * always end in a redirect to the page that explains the outcome, never in a JSON error.
 */
export function newsletterRoutes(deps: RouteDeps): Router {
  const { notifications, rateLimits, publicAppUrl } = deps;
  const router = Router();

  router.post(
    '/',
    withBody(newsletterSubscribeSchema, async (input, req, res) => {
      await rateLimits.consume('newsletter', clientKey(req));
      await notifications.subscribeNewsletter({ email: input.email }, callContext(req));
      res.status(202).json({ success: true, message: NEWSLETTER_ACCEPTED_MESSAGE });
    }),
  );

  const followLink =
    (call: (token: string, req: Request) => Promise<NewsletterLinkAnswer>): RequestHandler =>
    async (req, res) => {
      const token = tokenOf(req);
      let outcome: NewsletterLinkOutcome = 'invalid';
      if (token) {
        try {
          const answer = await call(token, req);
          if (isNewsletterLinkOutcome(answer.outcome)) outcome = answer.outcome;
          else {
            req.log.error({ outcome: answer.outcome }, 'notifications answered an unknown link outcome');
            outcome = 'unavailable';
          }
        } catch (error) {
          // The person clicked a link in a mail: a page that says "try again" beats a JSON error.
          req.log.warn({ err: error }, 'newsletter link could not be followed');
          outcome = 'unavailable';
        }
      }
      res.set('Cache-Control', 'no-store').redirect(303, newsletterResultUrl(publicAppUrl, outcome));
    };

  router.get(
    '/confirm',
    followLink((token, req) => notifications.confirmNewsletterSubscription({ token }, callContext(req))),
  );
  router.get(
    '/unsubscribe',
    followLink((token, req) => notifications.unsubscribeNewsletter({ token }, callContext(req))),
  );

  return router;
}
