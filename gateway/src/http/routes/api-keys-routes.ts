import { apiKeyCreateSchema } from '@parley/contracts/validation';
import { Router, type Request } from 'express';
import { principalOf, serviceCallerOf } from '../../auth/caller';
import { requireRole } from '../../auth/guards';
import type { ProtoApiKey } from '../../clients/identity-types';
import { requireApiPlan } from '../api-v1/plan-guard';
import type { RouteDeps } from '../deps';
import { callContext } from '../request-facts';
import { withBody } from '../validation';

/** A key as the dashboard lists it; the whole key only in the creation's answer. */
const apiKeyView = (k: ProtoApiKey) => ({
  id: k.id,
  name: k.name,
  scopes: k.scopes,
  prefix: k.prefix,
  createdAt: k.createdAt,
  lastUsedAt: k.lastUsedAt || null,
  revokedAt: k.revokedAt || null,
});

/**
 * /api/api-keys: the owner's public API keys (docs/api/public-api.md). Creating one needs a plan
 * with API access; listing and revoking do not (a downgraded account can still clean up).
 */
export function apiKeysRoutes({ identity, billing }: Pick<RouteDeps, 'identity' | 'billing'>): Router {
  const router = Router();
  router.use(requireRole('OWNER'));
  const ctx = (req: Request) => callContext(req);

  router.get('/', async (req, res) => {
    const keys = await identity.listApiKeys(serviceCallerOf(res), ctx(req));
    res.set('Cache-Control', 'no-store').json({ data: keys.map(apiKeyView) });
  });

  router.post(
    '/',
    withBody(apiKeyCreateSchema, async (input, req, res) => {
      await requireApiPlan(billing, principalOf(res), ctx(req));
      const created = await identity.createApiKey({ caller: serviceCallerOf(res), ...input }, ctx(req));
      res
        .status(201)
        .set('Cache-Control', 'no-store')
        .json({ data: { ...apiKeyView(created), key: created.key } });
    }),
  );

  router.delete('/:id', async (req, res) => {
    await identity.revokeApiKey({ caller: serviceCallerOf(res), id: String(req.params.id) }, ctx(req));
    res.status(204).end();
  });

  return router;
}
