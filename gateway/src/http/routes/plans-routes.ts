import { PLAN_IDS, PLANS } from '@parley/contracts';
import { Router } from 'express';

/** The plan catalogue (spec section 9), public: the landing page's pricing section reads it. */
export function plansRoutes(): Router {
  const router = Router();
  const body = { data: PLAN_IDS.map((id) => PLANS[id]) };
  router.get('/', (_req, res) => {
    res.set('Cache-Control', 'public, max-age=300');
    res.json(body);
  });
  return router;
}
