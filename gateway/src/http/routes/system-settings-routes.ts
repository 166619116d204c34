import { systemSettingsSchema } from '@parley/contracts/validation';
import { Router } from 'express';
import { principalOf } from '../../auth/caller';
import { requireRole } from '../../auth/guards';
import type { SystemSettings } from '../../clients/identity-types';
import type { RouteDeps } from '../deps';
import { callContext } from '../request-facts';
import { withBody } from '../validation';

const settingsView = (s: SystemSettings) => ({
  loginEnabled: s.loginEnabled,
  registrationEnabled: s.registrationEnabled,
  maintenanceMode: s.maintenanceMode,
});

export function systemSettingsRoutes({
  identity,
  settings,
  announceSettingsChange,
}: Pick<RouteDeps, 'identity' | 'settings' | 'announceSettingsChange'>): Router {
  const router = Router();

  // Public: the frontend reads it before anyone signs in, to redirect to the right page.
  router.get('/', async (_req, res) => {
    res.set('Cache-Control', 'no-store');
    res.json({ success: true, data: settingsView(await settings.get()) });
  });

  router.put(
    '/',
    requireRole('ADMIN'),
    withBody(systemSettingsSchema, async (input, req, res) => {
      const { userId } = principalOf(res);
      const updated = await identity.updateSystemSettings({ actorId: userId, ...input }, callContext(req));
      // Enforced from the very next request here, and on the other replicas as soon as they hear of it.
      settings.prime(updated);
      await announceSettingsChange();
      res.json({ success: true, data: settingsView(updated) });
    }),
  );

  return router;
}
