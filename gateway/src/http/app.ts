import type { Logger } from '@parley/logger';
import cookieParser from 'cookie-parser';
import cors from 'cors';
import express, { type Express, type Request } from 'express';
import helmet from 'helmet';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pinoHttp } from 'pino-http';
import { identifyCaller } from '../auth/caller';
import { refuseCrossSiteWrites } from '../auth/csrf';
import type { TokenVerifier } from '../auth/token-verifier';
import type { RouteDeps } from './deps';
import { errorHandler, notFound } from './error-handler';
import { appointmentTypesRoutes } from './routes/appointment-types-routes';
import { authRoutes } from './routes/auth-routes';
import { billingRoutes, plansRoutes } from './routes/billing-routes';
import { domainsRoutes } from './routes/domains-routes';
import { filterQuestionsRoutes } from './routes/filter-questions-routes';
import { healthRoutes, type ReadinessCheck } from './routes/health-routes';
import { helpArticlesRoutes } from './routes/help-articles-routes';
import { imagesRoutes } from './routes/images-routes';
import { newsletterRoutes } from './routes/newsletter-routes';
import { notificationsRoutes } from './routes/notifications-routes';
import { productsRoutes } from './routes/products-routes';
import { searchRoutes } from './routes/search-routes';
import { systemSettingsRoutes } from './routes/system-settings-routes';
import { userRoutes } from './routes/user-routes';
import { maintenanceGuard } from './system-settings-guards';

export interface AppOptions extends RouteDeps {
  logger: Logger;
  verifyToken: TokenVerifier;
  isReady: ReadinessCheck;
  frontendOrigins: string[];
  trustProxy: boolean | number | string;
  bodyLimit: string;
}

/** A caller-supplied request id is kept (so a trace spans the load balancer) when it looks like one. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;
const QUIET_PATHS = new Set(['/healthz', '/readyz']);

function requestId(req: IncomingMessage, res: ServerResponse): string {
  const incoming = req.headers['x-request-id'];
  const id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
  res.setHeader('X-Request-Id', id);
  return id;
}

/** A dependency being down (503) is worth a warning; only what we did not expect is an error. */
function logLevelOf(status: number, error: Error | undefined): 'error' | 'warn' | 'info' {
  if (error || (status >= 500 && status !== 503)) return 'error';
  return status === 503 ? 'warn' : 'info';
}

export function createApp(options: AppOptions): Express {
  const app = express();
  app.set('trust proxy', options.trustProxy);
  app.disable('x-powered-by');

  app.use(
    pinoHttp({
      logger: options.logger,
      genReqId: requestId,
      autoLogging: { ignore: (req) => QUIET_PATHS.has(req.url ?? '') },
      customLogLevel: (_req, res, error) => logLevelOf(res.statusCode, error),
      customProps: (req, res) => {
        const errorCode = (res as ServerResponse & { locals?: { errorCode?: string } }).locals?.errorCode;
        // express's req.ip: the client behind the proxies TRUST_PROXY allows.
        return { clientIp: (req as Request).ip, ...(errorCode ? { errorCode } : {}) };
      },
      // Enough to follow a request; headers (cookies, tokens) stay out of the logs altogether.
      serializers: {
        req: (req: { id: unknown; method: string; url: string; remoteAddress?: string }) => ({
          id: req.id,
          method: req.method,
          url: req.url,
          remoteAddress: req.remoteAddress,
        }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
    }),
  );
  // same-site, not same-origin: the frontend (another port or subdomain) reads these responses.
  app.use(helmet({ crossOriginResourcePolicy: { policy: 'same-site' } }));
  app.use(
    cors({
      origin: options.frontendOrigins,
      credentials: true,
      exposedHeaders: ['Retry-After', 'X-Request-Id'],
      maxAge: 600,
    }),
  );

  app.use(healthRoutes(options.isReady));

  const api = express.Router();
  api.use(express.json({ limit: options.bodyLimit }));
  api.use(cookieParser());
  api.use(identifyCaller(options.verifyToken));
  api.use(refuseCrossSiteWrites(options.frontendOrigins));
  api.use(maintenanceGuard(options.settings));
  api.use('/auth', authRoutes(options));
  api.use('/user', userRoutes(options));
  api.use('/system-settings', systemSettingsRoutes(options));
  api.use('/plans', plansRoutes(options));
  api.use('/billing', billingRoutes(options));
  api.use('/newsletter', newsletterRoutes(options));
  api.use('/notifications', notificationsRoutes(options));
  api.use('/domains', domainsRoutes(options));
  api.use('/settings/filter-questions', filterQuestionsRoutes(options));
  api.use('/products', productsRoutes(options));
  api.use('/help-articles', helpArticlesRoutes(options));
  api.use('/appointment-types', appointmentTypesRoutes(options));
  api.use('/images', imagesRoutes(options));
  api.use('/search', searchRoutes(options));
  app.use('/api', api);

  app.use(notFound);
  app.use(errorHandler);
  return app;
}
