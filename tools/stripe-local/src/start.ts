import type { AddressInfo } from 'node:net';
import type { Logger } from '@parley/logger';
import express, { type NextFunction, type Request, type Response } from 'express';
import { authenticate } from './api/auth';
import { idempotency } from './api/idempotency';
import { apiRoutes } from './api/routes';
import { browserRoutes } from './browser/routes';
import type { StripeLocalConfig } from './config';
import { controlRoutes } from './control';
import { StripeApiError } from './errors';
import { newId } from './ids';
import { LocalStripe } from './store';
import { WebhookDelivery } from './webhooks';

export interface StripeLocal {
  httpPort: number;
  url: string;
  stripe: LocalStripe;
  webhooks: WebhookDelivery;
  stop(): Promise<void>;
}

export interface StartOptions {
  clock?: () => number;
}

/**
 * A Stripe-compatible server for development and tests, the way the mail catcher stands in for
 * SMTP: the REST subset the product uses (/v1, form-encoded, Stripe's objects and errors),
 * signed webhooks, a Stripe.js-compatible script (/v3) and the hosted pages.
 */
export async function startStripeLocal(
  config: StripeLocalConfig,
  logger: Logger,
  options: StartOptions = {},
): Promise<StripeLocal> {
  const clock = options.clock ?? Date.now;
  const app = express();
  app.disable('x-powered-by');
  app.set('query parser', 'extended');
  let publicUrl = config.publicUrl ?? '';
  const webhooks = new WebhookDelivery({
    url: config.webhookUrl,
    secret: config.webhookSecret,
    retryBaseMs: config.webhookRetryBaseMs ?? 1000,
    clock,
    logger,
  });
  const stripe = new LocalStripe({
    clock,
    get publicUrl() {
      return publicUrl;
    },
    emit: (event) => webhooks.enqueue(event),
  });

  // Stripe.js calls /v1 from the page's origin with the publishable key.
  app.use('/v1', (req, res, next) => {
    res.set('Access-Control-Allow-Origin', '*');
    res.set('Access-Control-Allow-Headers', 'Content-Type, Authorization, Stripe-Version, Idempotency-Key');
    res.set('Access-Control-Allow-Methods', 'GET, POST, DELETE');
    res.set('Request-Id', newId('req', 14));
    res.set('Stripe-Version', '2026-10-28.endive');
    if (req.method === 'OPTIONS') return res.status(204).end();
    next();
  });
  app.use(
    '/v1',
    express.urlencoded({ extended: true, limit: '100kb', parameterLimit: 2000 }),
    authenticate({ secret: config.secretKey, publishable: config.publishableKey }),
    idempotency(clock),
    apiRoutes(stripe),
  );
  app.use('/_local', controlRoutes(stripe, webhooks));
  app.use(browserRoutes(stripe, () => publicUrl));
  app.get('/', (_req, res) => res.json({ name: 'stripe-local', api: '/v1', stripeJs: '/v3' }));
  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    if (error instanceof StripeApiError) return res.status(error.status).json({ error: error.body });
    const status = (error as { status?: number }).status;
    if (status && status >= 400 && status < 500)
      return res
        .status(status)
        .json({ error: { type: 'invalid_request_error', message: (error as Error).message } });
    logger.error({ err: error, path: req.path }, 'local stripe failed');
    res.status(500).json({ error: { type: 'api_error', message: 'An unexpected error occurred' } });
  });

  const server = app.listen(config.httpPort, config.host);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const httpPort = (server.address() as AddressInfo).port;
  publicUrl = config.publicUrl ?? `http://localhost:${httpPort}`;
  logger.info(
    { http: `http://${config.host}:${httpPort}`, publicUrl, webhookUrl: config.webhookUrl },
    'local stripe listening',
  );

  let stopping: Promise<void> | undefined;
  return {
    httpPort,
    url: `http://127.0.0.1:${httpPort}`,
    stripe,
    webhooks,
    stop: () =>
      (stopping ??= new Promise<void>((resolve) => {
        webhooks.stop();
        server.close(() => resolve());
        server.closeAllConnections();
      })),
  };
}
