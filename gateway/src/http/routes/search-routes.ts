import { searchSchema } from '@parley/contracts/validation';
import { Router } from 'express';
import { serviceCallerOf } from '../../auth/caller';
import { requireRole } from '../../auth/guards';
import type { RouteDeps } from '../deps';
import { callContext } from '../request-facts';
import { parseBody } from '../validation';
import { mergeSearchHits } from './search-hits';

/**
 * GET /api/search?domainId=&query=: the domain's products and help articles (content service,
 * full text, ranked) followed by its filter questions (domains service) that match every word.
 * Both services answer 404 for a domain of another account.
 */
export function searchRoutes({ content, domains }: Pick<RouteDeps, 'content' | 'domains'>): Router {
  const router = Router();
  router.get('/', requireRole('OWNER', 'ADMIN'), async (req, res) => {
    const input = parseBody(searchSchema, { domainId: req.query.domainId, query: req.query.query });
    const caller = serviceCallerOf(res);
    const [contentHits, questions] = await Promise.all([
      content.search(caller, input, callContext(req)),
      domains.listFilterQuestions(caller, input.domainId, callContext(req)),
    ]);
    res.json({ success: true, data: mergeSearchHits(contentHits, questions, input.query) });
  });
  return router;
}
