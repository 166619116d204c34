import express, { Router } from 'express';
import { invalid } from './errors';
import type { LocalStripe } from './store';
import type { WebhookDelivery } from './webhooks';

/**
 * What Stripe's dashboard and test clocks do, for tests and developers: turn the billing
 * portal's configuration off or on, move a subscription to its next period, and see the events
 * and deliveries. Not part of Stripe's API (hence /_local).
 */
export function controlRoutes(stripe: LocalStripe, webhooks: WebhookDelivery): Router {
  const r = Router();
  r.use(express.json({ limit: '10kb' }));
  r.post('/portal', (req, res) => {
    const configured = (req.body as { configured?: unknown } | undefined)?.configured;
    if (typeof configured !== 'boolean') throw invalid('configured must be true or false', 'configured');
    stripe.portalConfigured = configured;
    res.json({ configured });
  });
  r.post('/subscriptions/:id/advance', (req, res) => {
    res.json(stripe.advanceSubscription(req.params.id));
  });
  r.post('/webhook', (req, res) => {
    const url = (req.body as { url?: unknown } | undefined)?.url;
    if (url !== null && (typeof url !== 'string' || !/^https?:\/\//.test(url)))
      throw invalid('url must be an http(s) URL or null', 'url');
    webhooks.setUrl(url ?? undefined);
    res.json({ url });
  });
  r.get('/events', (_req, res) => res.json({ data: [...stripe.events].reverse() }));
  r.get('/deliveries', (_req, res) => res.json({ data: webhooks.delivered, pending: webhooks.pending() }));
  return r;
}
