import type { Plan } from '@parley/contracts';
import { Router } from 'express';
import { principalOf } from '../../auth/caller';
import { requireAuth } from '../../auth/guards';
import type { RouteDeps } from '../deps';
import { callContext } from '../request-facts';
import { subscriptionDetails } from '../subscription-details';

/** How long the gateway reuses the catalogue it got from billing (it changes only with a release). */
const CATALOGUE_REUSE_MS = 60_000;

/**
 * The plan catalogue (spec section 9), public: the landing page's pricing section and the
 * dashboard read it. Billing owns it; the gateway keeps the last answer for a minute so a busy
 * landing page does not turn into one call per visitor.
 */
export function plansRoutes({ billing }: Pick<RouteDeps, 'billing'>): Router {
  const router = Router();
  const catalogue = reusedFor(CATALOGUE_REUSE_MS, (context: ReturnType<typeof callContext>) =>
    billing.listPlans(context),
  );
  router.get('/', async (req, res) => {
    const plans = await catalogue(callContext(req));
    res.set('Cache-Control', 'public, max-age=300');
    res.json({ data: plans.map(planView) });
  });
  return router;
}

/** The signed-in caller's account's plan. Any role: agents see the plan of the account they work in. */
export function billingRoutes({ billing }: Pick<RouteDeps, 'billing'>): Router {
  const router = Router();
  router.use(requireAuth);
  router.get('/plan', async (req, res) => {
    const { plan, selectedPlan, limits, planDetails } = await billing.getAccountPlan(
      principalOf(res),
      callContext(req),
    );
    res.set('Cache-Control', 'private, no-store');
    res.json({ data: { plan, selectedPlan, limits, planDetails } });
  });
  // Subscription details with request usage (spec section 3); the dashboard polls it every 30 s.
  router.get('/subscription', async (req, res) => {
    const caller = principalOf(res);
    const context = callContext(req);
    const [plan, usage] = await Promise.all([
      billing.getAccountPlan(caller, context),
      billing.getUsage(caller, context),
    ]);
    res.set('Cache-Control', 'private, no-store');
    res.json({ data: subscriptionDetails(plan, usage) });
  });
  return router;
}

/** The catalogue's public shape, field by field, so nothing billing adds leaks by accident. */
function planView(p: Plan): Plan {
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    priceCents: p.priceCents,
    interval: p.interval,
    credits: p.credits,
    maxDomains: p.maxDomains,
    contacts: p.contacts,
    emailsPerMonth: p.emailsPerMonth,
    features: p.features,
  };
}

/** Reuses a successful answer for `ms`; failures are not kept, so the next request asks again. */
function reusedFor<A, T>(ms: number, load: (arg: A) => Promise<T>): (arg: A) => Promise<T> {
  let kept: { value: T; until: number } | undefined;
  let pending: Promise<T> | undefined;
  return async (arg) => {
    if (kept && Date.now() < kept.until) return kept.value;
    pending ??= load(arg).then(
      (value) => {
        kept = { value, until: Date.now() + ms };
        pending = undefined;
        return value;
      },
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };
}
