import { searchSchema } from '@parley/contracts/validation';
import { Router } from 'express';
import { requireRole } from '../../auth/guards';
import type { RouteDeps } from '../deps';
import { callContext } from '../request-facts';
import { parseBody } from '../validation';
import { contentCaller } from './content-item-routes';

/**
 * GET /api/search?domainId=&query= over the domain's products and help articles (content service).
 * Filter questions (kind 'filter_question') belong to the domains service: once it offers a search
 * call, merge its hits here, after content's, in the same { kind, id, title, snippet } shape.
 */
export function searchRoutes({ content }: Pick<RouteDeps, 'content'>): Router {
  const router = Router();
  router.get('/', requireRole('OWNER', 'ADMIN'), async (req, res) => {
    const input = parseBody(searchSchema, { domainId: req.query.domainId, query: req.query.query });
    const hits = await content.search(contentCaller(res), input, callContext(req));
    res.json({ success: true, data: hits });
  });
  return router;
}
