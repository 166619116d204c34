import { Router, type Request, type Response } from 'express';
import { invalid } from '../errors';
import { list } from '../objects';
import type { LocalStripe } from '../store';
import { requireSecret } from './auth';

type Body = Record<string, unknown>;
const body = (req: Request): Body => (req.body ?? {}) as Body;
const id = (req: Request, name = 'id') => String(req.params[name]);

/** Stripe's expand=[...]: the few expansions the product asks for, resolved in place. */
function expanded(
  stripe: LocalStripe,
  object: Record<string, unknown>,
  req: Request,
): Record<string, unknown> {
  const raw = (req.method === 'GET' ? req.query.expand : body(req).expand) as unknown;
  const paths = Array.isArray(raw) ? raw.map(String) : typeof raw === 'string' ? [raw] : [];
  const out = { ...object };
  for (const path of paths) {
    if (path === 'latest_invoice' && typeof out.latest_invoice === 'string')
      out.latest_invoice = stripe.invoiceView(stripe.invoice(out.latest_invoice));
    else if (path === 'customer' && typeof out.customer === 'string')
      out.customer = stripe.customerView(stripe.customer(out.customer));
    else if (path === 'payment_method' && typeof out.payment_method === 'string')
      out.payment_method = stripe.paymentMethodView(stripe.paymentMethod(out.payment_method));
    else if (path === 'subscription' && typeof out.subscription === 'string')
      out.subscription = stripe.subscriptionView(stripe.subscription(out.subscription));
  }
  return out;
}

/** The subset of Stripe's REST API (/v1) the product uses, in Stripe's shapes and errors. */
export function apiRoutes(stripe: LocalStripe): Router {
  const r = Router();
  const send = (req: Request, res: Response, object: Record<string, unknown>) =>
    res.json(expanded(stripe, object, req));

  // Customers
  r.post('/customers', requireSecret, (req, res) => send(req, res, stripe.createCustomer(body(req))));
  r.get('/customers/:id', requireSecret, (req, res) =>
    send(req, res, stripe.customerView(stripe.customer(id(req)))),
  );
  r.post('/customers/:id', requireSecret, (req, res) =>
    send(req, res, stripe.updateCustomer(id(req), body(req))),
  );

  // Payment methods (Stripe.js creates them with the publishable key)
  r.post('/payment_methods', (req, res) => send(req, res, stripe.createPaymentMethod(body(req))));
  r.get('/payment_methods/:id', requireSecret, (req, res) =>
    send(req, res, stripe.paymentMethodView(stripe.paymentMethod(id(req)))),
  );
  r.post('/payment_methods/:id/attach', requireSecret, (req, res) =>
    send(req, res, stripe.attachPaymentMethod(id(req), String(body(req).customer ?? ''))),
  );
  r.get('/customers/:id/payment_methods', requireSecret, (req, res) => {
    const customer = stripe.customer(id(req)).id;
    res.json(
      list(
        [...stripe.paymentMethods.values()]
          .filter((p) => p.customer === customer)
          .map((p) => stripe.paymentMethodView(p)),
        `/v1/customers/${customer}/payment_methods`,
      ),
    );
  });
  r.post('/tokens', (req, res) => {
    const pm = stripe.createPaymentMethod({ type: 'card', card: body(req).card });
    res.json({
      id: pm.id.replace(/^pm_/, 'tok_'),
      object: 'token',
      card: pm.card,
      created: pm.created,
      livemode: false,
      type: 'card',
      used: false,
    });
  });

  // Payment intents (retrieve and confirm with the publishable key need the client secret)
  r.post('/payment_intents', requireSecret, (req, res) =>
    send(req, res, stripe.createPaymentIntent(body(req))),
  );
  r.get('/payment_intents/:id', (req, res) => {
    const pi = stripe.paymentIntent(id(req));
    if (res.locals.keyKind !== 'secret') stripe.checkClientSecret(pi, req.query.client_secret);
    send(req, res, stripe.paymentIntentView(pi));
  });
  r.post('/payment_intents/:id/confirm', (req, res) => {
    const pi = stripe.paymentIntent(id(req));
    if (res.locals.keyKind !== 'secret') stripe.checkClientSecret(pi, body(req).client_secret);
    send(req, res, stripe.confirmPaymentIntent(pi.id, body(req)));
  });
  r.post('/payment_intents/:id/cancel', requireSecret, (req, res) =>
    send(req, res, stripe.cancelPaymentIntent(id(req))),
  );

  // Products and prices
  r.post('/products', requireSecret, (req, res) => send(req, res, stripe.createProduct(body(req))));
  r.get('/products/:id', requireSecret, (req, res) => send(req, res, stripe.product(id(req))));
  r.post('/prices', requireSecret, (req, res) => send(req, res, stripe.createPrice(body(req))));
  r.get('/prices', requireSecret, (req, res) => res.json(list(stripe.listPrices(req.query), '/v1/prices')));

  // Subscriptions and invoices
  r.post('/subscriptions', requireSecret, (req, res) => send(req, res, stripe.createSubscription(body(req))));
  r.get('/subscriptions', requireSecret, (req, res) =>
    res.json(list(stripe.listSubscriptions(req.query), '/v1/subscriptions')),
  );
  r.get('/subscriptions/:id', requireSecret, (req, res) =>
    send(req, res, stripe.subscriptionView(stripe.subscription(id(req)))),
  );
  r.post('/subscriptions/:id', requireSecret, (req, res) =>
    send(req, res, stripe.updateSubscription(id(req), body(req))),
  );
  r.delete('/subscriptions/:id', requireSecret, (req, res) =>
    send(req, res, stripe.cancelSubscription(id(req))),
  );
  r.get('/invoices/:id', requireSecret, (req, res) =>
    send(req, res, stripe.invoiceView(stripe.invoice(id(req)))),
  );

  // Connect
  r.post('/accounts', requireSecret, (req, res) => send(req, res, stripe.createAccount(body(req))));
  r.get('/accounts/:id', requireSecret, (req, res) =>
    send(req, res, stripe.accountView(stripe.account(id(req)))),
  );
  r.post('/account_links', requireSecret, (req, res) => send(req, res, stripe.createAccountLink(body(req))));

  // Checkout and the billing portal
  r.post('/checkout/sessions', requireSecret, (req, res) =>
    send(req, res, stripe.createCheckoutSession(body(req))),
  );
  r.get('/checkout/sessions/:id', requireSecret, (req, res) =>
    send(req, res, stripe.checkoutView(stripe.checkout(id(req)))),
  );
  r.post('/billing_portal/sessions', requireSecret, (req, res) =>
    send(req, res, stripe.createPortalSession(body(req))),
  );

  // Events (what `stripe events list` shows)
  r.get('/events/:id', requireSecret, (req, res) => {
    const event = stripe.events.find((e) => e.id === id(req));
    if (!event) throw invalid(`No such event: '${id(req)}'`, 'id');
    res.json(event);
  });
  r.get('/events', requireSecret, (_req, res) =>
    res.json(list([...stripe.events].reverse().slice(0, 100), '/v1/events')),
  );

  r.use((req, _res, next) => next(invalid(`Unrecognized request URL (${req.method}: ${req.originalUrl}).`)));
  return r;
}
