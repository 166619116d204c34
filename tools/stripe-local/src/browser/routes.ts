import express, { Router, type Request } from 'express';
import { StripeApiError } from '../errors';
import type { LocalStripe } from '../store';
import { checkoutPage, notFoundPage, onboardingPage, portalPage } from './pages';
import { stripeJs } from './stripe-js';

const money = (cents: number, currency: string) =>
  `${currency === 'usd' ? '$' : `${currency.toUpperCase()} `}${(cents / 100).toFixed(2)}`;
const day = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);
const field = (req: Request, name: string) => {
  const v = (req.body as Record<string, unknown> | undefined)?.[name];
  return typeof v === 'string' ? v.trim() : '';
};
/** Only http(s) targets: a return URL is followed by a browser. */
const safeUrl = (url: string) => (/^https?:\/\//.test(url) ? url : null);

/** What a browser loads: the Stripe.js-compatible script and the hosted pages. */
export function browserRoutes(stripe: LocalStripe, publicUrl: () => string): Router {
  const r = Router();
  const sendScript = (_req: Request, res: express.Response) => {
    res.type('application/javascript; charset=utf-8');
    res.set('Cache-Control', 'no-cache');
    res.set('Access-Control-Allow-Origin', '*');
    res.send(stripeJs(publicUrl()));
  };
  r.get(['/v3', '/v3/', '/v3/stripe.js'], sendScript);
  r.use(express.urlencoded({ extended: false, limit: '20kb' }));

  r.get('/checkout/:id', (req, res) => {
    const session = stripe.checkouts.get(req.params.id);
    if (!session || session.status !== 'open')
      return res.status(404).send(notFoundPage('This checkout session has expired or is complete.'));
    const price = stripe.price(session.price);
    res.send(
      checkoutPage({
        id: session.id,
        productName: stripe.products.get(price.product)?.name ?? 'Subscription',
        amount: money(price.unitAmount, price.currency),
        email: session.customerEmail ?? (session.customer ? stripe.customer(session.customer).email : null),
        cancelUrl: session.cancelUrl,
      }),
    );
  });
  r.post('/checkout/:id', (req, res) => {
    const session = stripe.checkouts.get(req.params.id);
    if (!session || session.status !== 'open')
      return res.status(404).send(notFoundPage('This checkout session has expired or is complete.'));
    const [month, year] = field(req, 'exp')
      .split('/')
      .map((s) => s.trim());
    try {
      stripe.completeCheckout(
        session.id,
        { number: field(req, 'number'), exp_month: month, exp_year: year, cvc: field(req, 'cvc') },
        { name: field(req, 'name') || null, email: field(req, 'email') || null },
      );
      res.redirect(303, session.successUrl.replace('{CHECKOUT_SESSION_ID}', session.id));
    } catch (e) {
      if (!(e instanceof StripeApiError)) throw e;
      const price = stripe.price(session.price);
      res.status(402).send(
        checkoutPage({
          id: session.id,
          productName: stripe.products.get(price.product)?.name ?? 'Subscription',
          amount: money(price.unitAmount, price.currency),
          email: field(req, 'email') || null,
          cancelUrl: session.cancelUrl,
          error: e.message,
        }),
      );
    }
  });

  r.get('/connect/onboarding/:account', (req, res) => {
    const account = stripe.accounts.get(req.params.account);
    const returnUrl = safeUrl(String(req.query.return_url ?? ''));
    if (!account || !returnUrl)
      return res.status(404).send(notFoundPage('This onboarding link is not valid.'));
    res.send(
      onboardingPage({
        account: account.id,
        returnUrl,
        refreshUrl: safeUrl(String(req.query.refresh_url ?? '')),
      }),
    );
  });
  r.post('/connect/onboarding/:account', (req, res) => {
    const account = stripe.accounts.get(req.params.account);
    const returnUrl = safeUrl(field(req, 'return_url'));
    if (!account || !returnUrl)
      return res.status(404).send(notFoundPage('This onboarding link is not valid.'));
    stripe.completeOnboarding(account.id);
    res.redirect(303, returnUrl);
  });

  r.get('/portal/:customer', (req, res) => {
    const customer = stripe.customers.get(req.params.customer);
    if (!customer) return res.status(404).send(notFoundPage('No such customer.'));
    res.send(
      portalPage({
        customer: customer.id,
        email: customer.email,
        returnUrl: safeUrl(String(req.query.return_url ?? '')),
        subscriptions: stripe.listSubscriptions({ customer: customer.id, status: 'all' }).map((s) => ({
          id: s.id,
          status: s.status,
          cancelAtPeriodEnd: s.cancel_at_period_end,
          periodEnd: day(s.items.data[0]!.current_period_end),
          amount: money(s.items.data[0]!.price.unit_amount ?? 0, s.currency),
        })),
      }),
    );
  });
  r.post('/portal/:customer/subscriptions/:id/cancel', (req, res) => {
    const sub = stripe.subscriptions.get(req.params.id);
    if (!sub || sub.customer !== req.params.customer)
      return res.status(404).send(notFoundPage('No such subscription.'));
    stripe.updateSubscription(sub.id, { cancel_at_period_end: 'true' });
    const back = safeUrl(field(req, 'return_url'));
    res.redirect(
      303,
      `/portal/${encodeURIComponent(sub.customer)}${back ? `?return_url=${encodeURIComponent(back)}` : ''}`,
    );
  });
  return r;
}
