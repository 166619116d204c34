import { businessHoursSchema } from '@parley/contracts';
import {
  addDomainSchema,
  domainConfigSchema,
  domainSettingsSchema,
  widgetHomeSettingsSchema,
} from '@parley/contracts/validation';
import { Router } from 'express';
import { serviceCallerOf } from '../../auth/caller';
import { requireRole } from '../../auth/guards';
import type { RouteDeps } from '../deps';
import { callContext } from '../request-facts';
import { parseBody, withBody } from '../validation';
import { requireOwnImages } from './settings-images';

/**
 * /api/domains: an account's sites, their widget settings and the setup wizard's bot configuration
 * (docs/api/domains.md). Another account's domain answers 404, as a missing one.
 */
export function domainsRoutes({ domains, content }: Pick<RouteDeps, 'domains' | 'content'>): Router {
  const router = Router();
  router.use(requireRole('OWNER', 'ADMIN'));

  router.get('/', async (req, res) => {
    const { domains: data, limits } = await domains.listDomains(serviceCallerOf(res), callContext(req));
    res.json({ data, limits });
  });

  router.post(
    '/',
    withBody(addDomainSchema, async (input, req, res) => {
      const data = await domains.addDomain(serviceCallerOf(res), input.domain, callContext(req));
      res.status(201).json({ data });
    }),
  );

  router.get('/:domainId', async (req, res) => {
    const data = await domains.getDomain(serviceCallerOf(res), req.params.domainId, callContext(req));
    res.json({ data });
  });

  router.delete('/:domainId', async (req, res) => {
    await domains.deleteDomain(serviceCallerOf(res), req.params.domainId, callContext(req));
    res.status(204).end();
  });

  // Checked here with the shared schema, then passed on as sent: the service checks it again, and
  // a blank optional text must reach it to clear the field. Image ids must name the account's own
  // images, which only content knows.
  router.patch('/:domainId/settings', async (req, res) => {
    const settings = parseBody(domainSettingsSchema, req.body);
    await requireOwnImages(content, serviceCallerOf(res), settings, callContext(req));
    const data = await domains.updateSettings(
      serviceCallerOf(res),
      req.params.domainId,
      req.body ?? {},
      callContext(req),
    );
    res.json({ data });
  });

  router.patch('/:domainId/home-settings', async (req, res) => {
    parseBody(widgetHomeSettingsSchema, req.body);
    const data = await domains.updateHomeSettings(
      serviceCallerOf(res),
      req.params.domainId,
      req.body ?? {},
      callContext(req),
    );
    res.json({ data });
  });

  router.get('/:domainId/config', async (req, res) => {
    const data = await domains.getConfig(serviceCallerOf(res), req.params.domainId, callContext(req));
    res.json({ data });
  });

  router.get('/:domainId/business-hours', async (req, res) => {
    const data = await domains.getBusinessHours(serviceCallerOf(res), req.params.domainId, callContext(req));
    res.json({ data });
  });

  router.put('/:domainId/business-hours', async (req, res) => {
    parseBody(businessHoursSchema, req.body);
    const data = await domains.saveBusinessHours(
      serviceCallerOf(res),
      req.params.domainId,
      req.body ?? {},
      callContext(req),
    );
    res.json({ data });
  });

  router.post('/:domainId/config', async (req, res) => {
    parseBody(domainConfigSchema, req.body);
    await domains.saveConfig(serviceCallerOf(res), req.params.domainId, req.body ?? {}, callContext(req));
    res.json({ success: true });
  });

  return router;
}
