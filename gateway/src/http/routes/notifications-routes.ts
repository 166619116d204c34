import { markNotificationReadSchema, notificationsCleanupMessage } from '@parley/contracts';
import { Router } from 'express';
import { serviceCallerOf } from '../../auth/caller';
import { requireAuth } from '../../auth/guards';
import type { RouteDeps } from '../deps';
import { callContext } from '../request-facts';
import { withBody } from '../validation';

/**
 * The signed-in user's in-app notifications (docs/api/notifications.md). Every call acts for the
 * token's user in the token's account; someone else's notification answers 404, like a missing one.
 */
export function notificationsRoutes({ notifications }: Pick<RouteDeps, 'notifications'>): Router {
  const router = Router();
  router.use(requireAuth);

  router.get('/', async (req, res) => {
    const { notifications: data, unreadCount } = await notifications.listNotifications(
      serviceCallerOf(res),
      callContext(req),
    );
    res.set('Cache-Control', 'no-store').json({ data, unreadCount });
  });

  router.post('/mark-all-read', async (req, res) => {
    const updated = await notifications.markAllNotificationsRead(serviceCallerOf(res), callContext(req));
    res.json({ success: true, updated });
  });

  router.delete('/cleanup', async (req, res) => {
    const removed = await notifications.cleanupNotifications(serviceCallerOf(res), callContext(req));
    res.json({ message: notificationsCleanupMessage(removed), removed });
  });

  router.patch(
    '/:id',
    withBody(markNotificationReadSchema, async (_input, req, res) => {
      const id = String(req.params.id);
      const data = await notifications.markNotificationRead(serviceCallerOf(res), id, callContext(req));
      res.json({ data });
    }),
  );

  return router;
}
