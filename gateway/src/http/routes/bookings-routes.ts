import type { BookingPage } from '@parley/contracts';
import { bookingsQuerySchema } from '@parley/contracts/validation';
import { Router } from 'express';
import { serviceCallerOf } from '../../auth/caller';
import { requireAuth } from '../../auth/guards';
import type { RouteDeps } from '../deps';
import { callContext } from '../request-facts';
import { parseBody } from '../validation';
import { bookingView } from './conversation-views';

/**
 * GET /api/bookings?domainId=&sort=&when=&page=&pageSize=: one page of the caller's appointment
 * bookings (an AGENT's: those of conversations shared with them) and how many there are.
 */
export function bookingsRoutes({ conversations }: Pick<RouteDeps, 'conversations'>): Router {
  const router = Router();
  router.use(requireAuth);
  router.get('/', async (req, res) => {
    const { domainId, sort, when, page, pageSize } = parseBody(bookingsQuerySchema, {
      domainId: req.query.domainId,
      sort: req.query.sort,
      when: req.query.when,
      page: req.query.page,
      pageSize: req.query.pageSize,
    });
    const found = await conversations.listBookings(
      serviceCallerOf(res),
      { domainId: domainId ?? '', sort, when, page, pageSize },
      callContext(req),
    );
    const body: BookingPage = {
      data: found.bookings.map(bookingView),
      total: found.total,
      page: found.page,
      pageSize: found.pageSize,
    };
    res.set('Cache-Control', 'no-store').json(body);
  });
  return router;
}
