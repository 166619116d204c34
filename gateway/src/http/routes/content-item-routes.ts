import type { ContentKind } from '@parley/contracts';
import { DOMAIN_MESSAGES as M } from '@parley/contracts/validation';
import { Router, type Request } from 'express';
import { z } from 'zod';
import { serviceCallerOf } from '../../auth/caller';
import { requireRole } from '../../auth/guards';
import type { ContentClient, ContentItem } from '../../clients/content-client';
import { callContext } from '../request-facts';
import { parseBody, withBody } from '../validation';

/** `?domainId=` of the list routes, with the spec's message when it is missing. */
const domainQuerySchema = z.object({
  domainId: z.string({ error: M.searchDomain }).trim().min(1, { error: M.searchDomain }).max(200),
});

export const imageUrl = (id: string) => `/api/images/${encodeURIComponent(id)}`;

/**
 * GET ?domainId=, POST, GET/PUT/DELETE /:id for one kind of content item. Bodies are checked with
 * the kind's shared schema here (the same messages as the UI) and again by the service.
 */
export function contentItemRoutes(options: {
  content: ContentClient;
  kind: ContentKind;
  schema: z.ZodType;
  view: (item: ContentItem) => Record<string, unknown>;
}): Router {
  const { content, kind, schema, view } = options;
  const router = Router();
  router.use(requireRole('OWNER', 'ADMIN'));
  const ctx = (req: Request) => callContext(req);

  router.get('/', async (req, res) => {
    const { domainId } = parseBody(domainQuerySchema, { domainId: req.query.domainId });
    const items = await content.listItems(serviceCallerOf(res), kind, domainId, ctx(req));
    res.json({ success: true, data: items.map(view) });
  });

  router.post(
    '/',
    withBody(schema, async (input, req, res) => {
      const item = await content.createItem(serviceCallerOf(res), kind, input, ctx(req));
      res.status(201).json({ success: true, data: view(item) });
    }),
  );

  router.get('/:id', async (req, res) => {
    const item = await content.getItem(serviceCallerOf(res), kind, String(req.params.id), ctx(req));
    res.json({ success: true, data: view(item) });
  });

  router.put(
    '/:id',
    withBody(schema, async (input, req, res) => {
      const item = await content.updateItem(
        serviceCallerOf(res),
        kind,
        String(req.params.id),
        input,
        ctx(req),
      );
      res.json({ success: true, data: view(item) });
    }),
  );

  router.delete('/:id', async (req, res) => {
    await content.deleteItem(serviceCallerOf(res), kind, String(req.params.id), ctx(req));
    res.status(204).end();
  });

  return router;
}
