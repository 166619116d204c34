import { httpMetrics } from '@parley/metrics';
import { httpTracing } from '@parley/tracing';
import type { Logger } from '@parley/logger';
import cookieParser from 'cookie-parser';
import cors from 'cors';
import express, { type Express } from 'express';
import helmet from 'helmet';
import { identifyCaller } from '../auth/caller';
import { refuseCrossSiteWrites } from '../auth/csrf';
import type { TokenVerifier } from '../auth/token-verifier';
import type { RouteDeps } from './deps';
import { errorHandler, notFound } from './error-handler';
import { refuseUnsafeAddress, refuseUnsafeBody } from './input-safety';
import { requestLogging } from './request-logging';
import { jsonBodies } from './json-bodies';
import { apiV1Router } from './api-v1/router';
import { adminRoutes } from './routes/admin-routes';
import { apiKeysRoutes } from './routes/api-keys-routes';
import { appointmentTypesRoutes } from './routes/appointment-types-routes';
import { blogRoutes } from './routes/blog-routes';
import { careersRoutes } from './routes/careers-routes';
import { authRoutes } from './routes/auth-routes';
import { billingRoutes, plansRoutes } from './routes/billing-routes';
import { bookingsRoutes } from './routes/bookings-routes';
import { funnelRoutes } from './routes/funnel-routes';
import { conversationsRoutes } from './routes/conversations-routes';
import { teamRoutes } from './routes/team-routes';
import { presenceFromRequests } from './team-presence';
import { domainsRoutes } from './routes/domains-routes';
import { filterQuestionsRoutes } from './routes/filter-questions-routes';
import { healthRoutes, type ReadinessCheck, type ReadinessDetails } from './routes/health-routes';
import { helpArticlesRoutes } from './routes/help-articles-routes';
import { imagesRoutes } from './routes/images-routes';
import { marketingRoutes } from './routes/marketing-routes';
import { newsletterRoutes } from './routes/newsletter-routes';
import { notificationsRoutes } from './routes/notifications-routes';
import { paymentsRoutes, paymentsWebhookRoute } from './routes/payments-routes';
import { productsRoutes } from './routes/products-routes';
import { searchRoutes } from './routes/search-routes';
import { systemSettingsRoutes } from './routes/system-settings-routes';
import { userRoutes } from './routes/user-routes';
import { widgetAssetsRoutes } from './routes/widget-assets-routes';
import { webhooksRoutes } from './routes/webhooks-routes';
import { widgetRoutes } from './routes/widget-routes';
import { maintenanceGuard } from './system-settings-guards';

export interface AppOptions extends RouteDeps {
  logger: Logger;
  verifyToken: TokenVerifier;
  isReady: ReadinessCheck;
  /** /readyz's details (each service's dead letters per projection). */
  readinessDetails?: ReadinessDetails;
  frontendOrigins: string[];
  trustProxy: boolean | number | string;
  bodyLimit: string;
  /** The built widget served under /widget/ (WIDGET_DIST_DIR). */
  widgetDistDir: string;
  /** Stripe.js and its API, allowed to the widget's page (its payment form). */
  stripeOrigins?: string[];
}

/** Blog posts and job listings carry rich text (up to 200,000 characters): their bodies may be bigger. */
const RICH_TEXT_PATHS = ['/admin/posts', '/admin/jobs', '/marketing/campaigns'];
const RICH_TEXT_BODY_LIMIT = '1mb';

export function createApp(options: AppOptions): Express {
  const app = express();
  app.set('trust proxy', options.trustProxy);
  app.disable('x-powered-by');

  app.use(httpMetrics());
  app.use(httpTracing());
  app.use(requestLogging(options.logger));
  // Before any route: a path that does not decode, or text no store can keep, is a 400 everywhere.
  app.use(refuseUnsafeAddress);
  // Before helmet: the widget's page is framed by any site and sets its own headers.
  app.use(
    widgetAssetsRoutes({
      distDir: options.widgetDistDir,
      publicAppUrl: options.publicAppUrl,
      stripeOrigins: options.stripeOrigins ?? [],
      logger: options.logger,
    }),
  );
  // same-site, not same-origin: the frontend (another port or subdomain) reads these responses.
  // Nothing but the widget's page (mounted above, framed by any site) is ever to be framed.
  app.use(
    helmet({
      crossOriginResourcePolicy: { policy: 'same-site' },
      frameguard: { action: 'deny' },
      contentSecurityPolicy: { directives: { frameAncestors: ["'none'"] } },
    }),
  );
  app.use(
    cors({
      origin: options.frontendOrigins,
      credentials: true,
      exposedHeaders: ['Retry-After', 'X-Request-Id'],
      maxAge: 600,
    }),
  );

  app.use(healthRoutes(options.isReady, options.readinessDetails));
  // The payment provider's webhooks need the raw body (the signature covers its bytes) and are
  // not a browser: before the JSON parser, the cookie checks and maintenance mode.
  app.use('/api/payments/webhook', paymentsWebhookRoute(options));

  // The public API: programs with API keys, never cookies (no origin checks, no cookie parsing).
  app.use('/api/v1', apiV1Router({ ...options, guards: [maintenanceGuard(options.settings)] }));

  const api = express.Router();
  api.use(jsonBodies(options.bodyLimit, { prefixes: RICH_TEXT_PATHS, limit: RICH_TEXT_BODY_LIMIT }));
  api.use(refuseUnsafeBody);
  api.use(cookieParser());
  api.use(identifyCaller(options.verifyToken));
  // The widget (an iframe on the gateway's own origin, embedded in customers' sites) authenticates
  // by bearer visitor token only and never acts on cookies, so it sits before the cookie origin
  // check: a dashboard session cookie the browser adds on its own must not get its calls refused.
  api.use('/widget', maintenanceGuard(options.settings), widgetRoutes(options));
  api.use(refuseCrossSiteWrites(options.frontendOrigins));
  api.use(maintenanceGuard(options.settings));
  api.use(
    presenceFromRequests(options.presence, (error) =>
      options.logger.warn({ err: error }, 'could not record team presence'),
    ),
  );
  api.use('/auth', authRoutes(options));
  api.use('/user', userRoutes(options));
  api.use('/system-settings', systemSettingsRoutes(options));
  api.use('/plans', plansRoutes(options));
  api.use('/billing', billingRoutes(options));
  api.use('/payments', paymentsRoutes(options));
  api.use('/newsletter', newsletterRoutes(options));
  api.use('/notifications', notificationsRoutes(options));
  api.use('/marketing', marketingRoutes(options));
  api.use('/domains', domainsRoutes(options));
  api.use('/settings/filter-questions', filterQuestionsRoutes(options));
  api.use('/products', productsRoutes(options));
  api.use('/help-articles', helpArticlesRoutes(options));
  api.use('/appointment-types', appointmentTypesRoutes(options));
  api.use('/images', imagesRoutes(options));
  api.use('/search', searchRoutes(options));
  api.use('/conversations', conversationsRoutes(options));
  api.use('/team', teamRoutes(options));
  api.use('/api-keys', apiKeysRoutes(options));
  api.use('/webhooks', webhooksRoutes(options));
  api.use('/bookings', bookingsRoutes(options));
  api.use('/funnel', funnelRoutes(options));
  api.use('/admin', adminRoutes(options));
  api.use('/blog', blogRoutes(options));
  api.use('/careers', careersRoutes(options));
  app.use('/api', api);

  app.use(notFound);
  app.use(errorHandler);
  return app;
}
