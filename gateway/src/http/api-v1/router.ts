import express, { Router } from 'express';
import type { RequestHandler } from 'express';
import { refuseUnsafeBody } from '../input-safety';
import { parseBody } from '../validation';
import { apiKeyIdOf, authenticateApiKey, requireScope } from './api-key-caller';
import { idempotentPosts, type IdempotencyStore } from './idempotency';
import { openApiDocument } from './openapi';
import { apiV1Routes, type ApiV1Deps } from './routes';

/** `/products/{id}` as express writes it. */
export const expressPath = (path: string): string => path.replace(/\{(\w+)\}/g, ':$1');

/**
 * /api/v1: the public API (docs/api/public-api.md). Programs, not browsers: authenticated by API
 * key only, never by cookie, so it sits apart from the dashboard's routes and their origin checks.
 */
export function apiV1Router(
  deps: ApiV1Deps & { idempotency: IdempotencyStore; bodyLimit: string; guards: RequestHandler[] },
): Router {
  const routes = apiV1Routes(deps);
  const document = openApiDocument(routes);
  const router = Router();
  router.use(...deps.guards);
  router.get('/openapi.json', (_req, res) => {
    res.set('Cache-Control', 'public, max-age=300').json(document);
  });
  router.use(express.json({ limit: deps.bodyLimit }));
  router.use(refuseUnsafeBody);
  router.use(authenticateApiKey(deps));
  router.use(idempotentPosts(deps.idempotency, apiKeyIdOf));
  for (const route of routes) {
    router[route.method](expressPath(route.path), requireScope(route.scope), async (req, res) => {
      const query = route.query ? parseBody(route.query, { ...req.query }) : {};
      const body = route.body ? parseBody(route.body, req.body) : undefined;
      const id = typeof req.params.id === 'string' ? req.params.id : '';
      const result = await route.handle({ query, body, id, req, res });
      res.set('Cache-Control', 'no-store');
      if (route.status === 204) res.status(204).end();
      else res.status(route.status).json(result);
    });
  }
  return router;
}
