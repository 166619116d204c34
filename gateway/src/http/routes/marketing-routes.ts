import {
  AppError,
  MARKETING_UNSUBSCRIBE_PATH,
  campaignDraftSchema,
  campaignInputSchema,
  campaignSendSchema,
  contactsQuerySchema,
} from '@parley/contracts';
import { Router, type Request, type Response } from 'express';
import { serviceCallerOf } from '../../auth/caller';
import { requireRole } from '../../auth/guards';
import type { MarketingMethod } from '../../clients/marketing-client';
import type { RouteDeps } from '../deps';
import { callContext } from '../request-facts';
import { withBody } from '../validation';

const INVALID_UNSUBSCRIBE_LINK = 'This unsubscribe link does not work';
const tokenOf = (req: Request) => (typeof req.query.token === 'string' ? req.query.token : '');

/**
 * Email marketing (docs/api/marketing.md): the owner's contacts and campaigns, and the unsubscribe
 * link of every campaign mail (public: the mail's reader has no session). Every owner call acts
 * in the token's account only; another account's campaign answers 404, like a missing one.
 */
export function marketingRoutes({
  marketing,
  rateLimits,
  publicAppUrl,
}: Pick<RouteDeps, 'marketing' | 'rateLimits' | 'publicAppUrl'>): Router {
  const router = Router();

  // The link in the mail: unsubscribes, then the frontend's page says so.
  router.get('/unsubscribe', async (req, res) => {
    let outcome = 'invalid';
    const token = tokenOf(req);
    if (token) {
      try {
        outcome = await marketing.unsubscribe(token, callContext(req));
      } catch (error) {
        // Someone clicked a link in a mail: a page that says "try again" beats a JSON error.
        req.log.warn({ err: error }, 'unsubscribe link could not be followed');
        outcome = 'unavailable';
      }
    }
    res
      .set('Cache-Control', 'no-store')
      .redirect(303, `${publicAppUrl}${MARKETING_UNSUBSCRIBE_PATH}?status=${encodeURIComponent(outcome)}`);
  });
  // RFC 8058 one-click: the mail client POSTs `List-Unsubscribe=One-Click` to the same address.
  router.post('/unsubscribe', async (req, res) => {
    const outcome = await marketing.unsubscribe(tokenOf(req), callContext(req));
    if (outcome !== 'unsubscribed')
      throw new AppError('validation', INVALID_UNSUBSCRIBE_LINK, [], 'INVALID_UNSUBSCRIBE_LINK');
    res.set('Cache-Control', 'no-store').json({ outcome });
  });

  router.use(requireRole('OWNER', 'ADMIN'));
  const call = (
    method: MarketingMethod,
    req: Request,
    res: Response,
    extra: { id?: string; input?: unknown; query?: unknown },
  ) => marketing.call(method, serviceCallerOf(res), extra, callContext(req));
  const idOf = (req: Request) => String(req.params.id);

  router.get('/contacts', async (req, res) => {
    const answer = await call('listContacts', req, res, { query: contactsQuerySchema.parse(req.query) });
    res.set('Cache-Control', 'no-store').json({ success: true, ...(answer as object) });
  });

  router.get('/campaigns', async (req, res) => {
    const answer = await call('listCampaigns', req, res, {});
    res.set('Cache-Control', 'no-store').json({ success: true, ...(answer as object) });
  });
  router.post(
    '/campaigns',
    withBody(campaignInputSchema, async (input, req, res) => {
      res.status(201).json({ success: true, data: await call('saveCampaign', req, res, { input }) });
    }),
  );
  router.post(
    '/campaigns/preview',
    withBody(campaignDraftSchema, async (input, req, res) => {
      res
        .set('Cache-Control', 'no-store')
        .json({ success: true, data: await call('previewCampaign', req, res, { input }) });
    }),
  );
  router.post(
    '/campaigns/test',
    withBody(campaignDraftSchema, async (input, req, res) => {
      await rateLimits.consume('campaignTest', serviceCallerOf(res).accountId);
      res.status(202).json({ success: true, data: await call('testCampaign', req, res, { input }) });
    }),
  );
  router.get('/campaigns/:id', async (req, res) => {
    res
      .set('Cache-Control', 'no-store')
      .json({ success: true, data: await call('getCampaign', req, res, { id: idOf(req) }) });
  });
  router.put(
    '/campaigns/:id',
    withBody(campaignInputSchema, async (input, req, res) => {
      res.json({ success: true, data: await call('saveCampaign', req, res, { id: idOf(req), input }) });
    }),
  );
  router.delete('/campaigns/:id', async (req, res) => {
    await call('deleteCampaign', req, res, { id: idOf(req) });
    res.status(204).end();
  });
  router.post(
    '/campaigns/:id/send',
    withBody(campaignSendSchema, async (input, req, res) => {
      res.json({ success: true, data: await call('sendCampaign', req, res, { id: idOf(req), input }) });
    }),
  );
  router.post('/campaigns/:id/unschedule', async (req, res) => {
    res.json({ success: true, data: await call('unscheduleCampaign', req, res, { id: idOf(req) }) });
  });

  return router;
}
