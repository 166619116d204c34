import { publicPostsQuerySchema } from '@parley/contracts/validation';
import { Router } from 'express';
import type { RouteDeps } from '../deps';
import { callContext } from '../request-facts';

/** /api/blog (public): Parley's published posts, and the categories and tags they have. */
export function blogRoutes({ editorial }: Pick<RouteDeps, 'editorial'>): Router {
  const router = Router();
  router.get('/posts', async (req, res) => {
    const page = await editorial.read(
      'listPublishedPosts',
      { query: publicPostsQuerySchema.parse(req.query) },
      callContext(req),
    );
    res.json({ success: true, ...(page as object) });
  });
  router.get('/posts/:slug', async (req, res) => {
    const data = await editorial.read('getPublishedPost', { id: String(req.params.slug) }, callContext(req));
    res.json({ success: true, data });
  });
  router.get('/topics', async (req, res) => {
    const data = await editorial.read('listPublicTerms', {}, callContext(req));
    res.json({ success: true, data });
  });
  return router;
}
