import { markNotificationReadSchema, notificationsCleanupMessage } from '@parley/contracts';
import { Router, type Response } from 'express';
import { principalOf } from '../../auth/caller';
import { requireAuth } from '../../auth/guards';
import type { NotificationsCaller } from '../../clients/notifications-client';
import type { RouteDeps } from '../deps';
import { callContext } from '../request-facts';
import { withBody } from '../validation';

const callerOf = (res: Response): NotificationsCaller => {
  const { userId, accountId, role } = principalOf(res);
  return { userId, accountId, role };
};

/**
 * The signed-in user's in-app notifications (docs/api/notifications.md). Every call acts for the
 * token's user in the token's account; someone else's notification answers 404, like a missing one.
 */
export function notificationsRoutes({ notifications }: Pick<RouteDeps, 'notifications'>): Router {
  const router = Router();
  router.use(requireAuth);

  router.get('/', async (req, res) => {
    const { notifications: data, unreadCount } = await notifications.listNotifications(
      callerOf(res),
      callContext(req),
    );
    res.set('Cache-Control', 'no-store').json({ data, unreadCount });
  });

  router.post('/mark-all-read', async (req, res) => {
    const updated = await notifications.markAllNotificationsRead(callerOf(res), callContext(req));
    res.json({ success: true, updated });
  });

  router.delete('/cleanup', async (req, res) => {
    const removed = await notifications.cleanupNotifications(callerOf(res), callContext(req));
    res.json({ message: notificationsCleanupMessage(removed), removed });
  });

  router.patch(
    '/:id',
    withBody(markNotificationReadSchema, async (_input, req, res) => {
      const id = String(req.params.id);
      const data = await notifications.markNotificationRead(callerOf(res), id, callContext(req));
      res.json({ data });
    }),
  );

  return router;
}
