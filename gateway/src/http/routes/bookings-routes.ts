import { bookingsQuerySchema } from '@parley/contracts/validation';
import { Router } from 'express';
import { serviceCallerOf } from '../../auth/caller';
import { requireAuth } from '../../auth/guards';
import type { RouteDeps } from '../deps';
import { callContext } from '../request-facts';
import { parseBody } from '../validation';
import { bookingView } from './conversation-views';

/** GET /api/bookings?domainId=: the account's appointment bookings, newest slot first. */
export function bookingsRoutes({ conversations }: Pick<RouteDeps, 'conversations'>): Router {
  const router = Router();
  router.use(requireAuth);
  router.get('/', async (req, res) => {
    const { domainId } = parseBody(bookingsQuerySchema, { domainId: req.query.domainId });
    const bookings = await conversations.listBookings(serviceCallerOf(res), domainId ?? '', callContext(req));
    res.set('Cache-Control', 'no-store').json({ data: bookings.map(bookingView) });
  });
  return router;
}
