import {
  createPaymentIntentSchema,
  subscriptionAfterPaymentSchema,
  subscriptionChangeSchema,
} from '@parley/contracts/validation';
import express, { Router, type Request, type Response } from 'express';
import { principalOf } from '../../auth/caller';
import { requireRole } from '../../auth/guards';
import type { SubscriptionChange } from '../../clients/billing-client';
import type { RouteDeps } from '../deps';
import { callContext } from '../request-facts';
import { subscriptionDetails } from '../subscription-details';
import { withBody } from '../validation';

/** The answer's data: only the fields that mean something for this change. */
function changeView(c: SubscriptionChange) {
  return {
    message: c.message,
    ...(c.checkoutUrl ? { checkoutUrl: c.checkoutUrl } : {}),
    ...(c.subscriptionId ? { subscriptionId: c.subscriptionId } : {}),
    ...(c.status ? { status: c.status } : {}),
    ...(c.endsAt ? { endsAt: c.endsAt } : {}),
  };
}

/**
 * /api/payments: the spec's {payments} calls (section 7), answered by billing with Stripe
 * (docs/api/billing.md). Owners and admins only, each for their own account; the browser never
 * sends an amount or a customer of another account.
 */
export function paymentsRoutes({ billing }: Pick<RouteDeps, 'billing'>): Router {
  const router = Router();

  // Public: what Stripe.js needs (the publishable key is public by design).
  router.get('/config', async (req, res) => {
    const config = await billing.getPaymentsConfig(callContext(req));
    res.set('Cache-Control', 'no-store');
    res.json({ data: config });
  });

  router.use(requireRole('OWNER', 'ADMIN'));
  router.use((_req, res, next) => {
    res.set('Cache-Control', 'private, no-store');
    next();
  });

  router.post(
    '/v2/create-payment-intent',
    withBody(createPaymentIntentSchema, async (input, req, res) => {
      const { clientSecret, customerId } = await billing.createPaymentIntent(
        principalOf(res),
        input,
        callContext(req),
      );
      res.json({ clientSecret, customerId });
    }),
  );

  router.post(
    '/v2/create-subscription-after-payment',
    withBody(subscriptionAfterPaymentSchema, async (input, req, res) => {
      const change = await billing.createSubscriptionAfterPayment(principalOf(res), input, callContext(req));
      res.json({ success: true, data: changeView(change) });
    }),
  );

  router.get('/v2/subscriptions', async (req, res) => {
    const caller = principalOf(res);
    const context = callContext(req);
    const [plan, usage] = await Promise.all([
      billing.getAccountPlan(caller, context),
      billing.getUsage(caller, context),
    ]);
    res.json({ data: subscriptionDetails(plan, usage) });
  });

  const change = (creating: boolean) =>
    withBody(subscriptionChangeSchema, async (input, req: Request, res: Response) => {
      const result = await billing.changeSubscription(principalOf(res), input, creating, callContext(req));
      res.json({ data: changeView(result) });
    });
  router.put('/v2/subscriptions', change(false));
  router.post('/v2/subscriptions', change(true));

  router.delete('/v2/subscriptions', async (req, res) => {
    const result = await billing.cancelSubscription(principalOf(res), callContext(req));
    res.json({ data: changeView(result) });
  });

  // Stripe Connect (spec: GET /api/{payments}/connect answers data.url, then the owner is redirected).
  router.get('/connect', async (req, res) => {
    const { url } = await billing.createConnectLink(principalOf(res), callContext(req));
    res.json({ data: { url } });
  });
  router.get('/connect/status', async (req, res) => {
    res.json({ data: await billing.getPayoutStatus(principalOf(res), callContext(req)) });
  });

  // The widget's paid orders, newest first (the dashboard's Orders).
  router.get('/orders', async (req, res) => {
    const { orders } = await billing.listOrders(principalOf(res), callContext(req));
    res.json({ data: orders.map((o) => ({ ...o, roomId: o.roomId || null })) });
  });

  router.post('/v2/customer-portal', async (req, res) => {
    const { portalUrl } = await billing.openCustomerPortal(principalOf(res), callContext(req));
    res.json({ data: { portalUrl } });
  });
  return router;
}

/** Stripe signs the exact bytes: the body is kept raw (up to 1 MB), never parsed as JSON here. */
const WEBHOOK_BODY_LIMIT = '1mb';

/**
 * POST /api/payments/webhook: the provider's events, passed to billing as received (billing
 * checks the signature with the SDK and applies each event once). 200 when applied or already
 * applied, 400 for a bad or stale signature, 503 when it could not be applied now (the provider
 * delivers it again). Outside the JSON parser, the session checks and maintenance mode.
 */
export function paymentsWebhookRoute({ billing }: Pick<RouteDeps, 'billing'>): Router {
  const router = Router();
  router.post(
    '/',
    express.raw({ type: () => true, limit: WEBHOOK_BODY_LIMIT }),
    async (req: Request, res: Response) => {
      const payload = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const signature = req.headers['stripe-signature'];
      const outcome = await billing.handleWebhook(
        payload,
        typeof signature === 'string' ? signature : '',
        callContext(req),
      );
      res.json({ received: true, duplicate: outcome.duplicate });
    },
  );
  return router;
}
