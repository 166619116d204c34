import { webhookEndpointSchema } from '@parley/contracts/validation';
import { Router, type Request, type Response } from 'express';
import { serviceCallerOf } from '../../auth/caller';
import { requireRole } from '../../auth/guards';
import type { WebhooksMethod } from '../../clients/webhooks-client';
import type { RouteDeps } from '../deps';
import { callContext } from '../request-facts';
import { withBody } from '../validation';

/**
 * /api/webhooks: the owner's outgoing webhook endpoints and their delivery logs
 * (docs/api/webhooks.md). Notifications keeps them, decides the plan, and sends.
 */
export function webhooksRoutes({ webhooks }: Pick<RouteDeps, 'webhooks'>): Router {
  const router = Router();
  router.use(requireRole('OWNER'));
  const call = (
    method: WebhooksMethod,
    req: Request,
    res: Response,
    extra: { id?: string; input?: unknown } = {},
  ) => webhooks.call(method, serviceCallerOf(res), extra, callContext(req));
  const idOf = (req: Request) => String(req.params.id);

  router.get('/', async (req, res) => {
    res.set('Cache-Control', 'no-store').json(await call('listEndpoints', req, res));
  });
  router.post(
    '/',
    withBody(webhookEndpointSchema, async (input, req, res) => {
      res
        .status(201)
        .set('Cache-Control', 'no-store')
        .json(await call('createEndpoint', req, res, { input }));
    }),
  );
  router.delete('/:id', async (req, res) => {
    await call('deleteEndpoint', req, res, { id: idOf(req) });
    res.status(204).end();
  });
  router.post('/:id/enable', async (req, res) => {
    res.json(await call('enableEndpoint', req, res, { id: idOf(req) }));
  });
  router.get('/:id/deliveries', async (req, res) => {
    res.set('Cache-Control', 'no-store').json(await call('listDeliveries', req, res, { id: idOf(req) }));
  });
  router.post('/:id/deliveries/:deliveryId/resend', async (req, res) => {
    await call('resendDelivery', req, res, {
      id: idOf(req),
      input: { deliveryId: String(req.params.deliveryId) },
    });
    res.status(204).end();
  });
  return router;
}
