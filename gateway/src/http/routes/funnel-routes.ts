import { funnelQuerySchema, type FunnelView } from '@parley/contracts';
import { Router } from 'express';
import { serviceCallerOf } from '../../auth/caller';
import { requireRole } from '../../auth/guards';
import type { RouteDeps } from '../deps';
import { callContext } from '../request-facts';
import { parseBody } from '../validation';

/** GET /api/funnel?domainId=&from=&to=: the dashboard home's funnel of one domain (issue 17). */
export function funnelRoutes({ conversations }: Pick<RouteDeps, 'conversations'>): Router {
  const router = Router();
  router.use(requireRole('OWNER', 'ADMIN'));
  router.get('/', async (req, res) => {
    const query = parseBody(funnelQuerySchema, {
      domainId: req.query.domainId,
      from: req.query.from,
      to: req.query.to,
    });
    const data: FunnelView = await conversations.getFunnel(serviceCallerOf(res), query, callContext(req));
    res.set('Cache-Control', 'no-store').json({ data });
  });
  return router;
}
