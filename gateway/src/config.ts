import {
  blankAsUnset,
  bool,
  logLevel,
  metricsPort,
  parseConfig,
  url,
  z,
  tracingEnv,
  tracingSettings,
  callerTokenKeyInProduction,
  callerTokenSecret,
  nodeEnv,
} from '@parley/config';
import { resolve } from 'node:path';

/** `a,b` -> ['a','b'], each a bare origin (scheme://host[:port]) without a trailing slash. */
const originList = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((v, ctx) => {
      const origins = v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      for (const o of origins) {
        let parsed: URL;
        try {
          parsed = new URL(o);
        } catch {
          ctx.addIssue({ code: 'custom', message: `not an origin: ${o}` });
          continue;
        }
        if (parsed.origin !== o)
          ctx.addIssue({ code: 'custom', message: `not a bare origin (expected ${parsed.origin}): ${o}` });
      }
      if (origins.length === 0) ctx.addIssue({ code: 'custom', message: 'at least one origin is required' });
      return origins;
    });

/**
 * express's `trust proxy`: 'true'/'false', a hop count, or a list of addresses/subnets
 * ('loopback', '10.0.0.0/8'). Off by default so X-Forwarded-For cannot spoof the rate-limit key.
 */
const trustProxy = z
  .string()
  .default('false')
  .transform((v): boolean | number | string => {
    const s = v.trim();
    if (s === 'true') return true;
    if (s === 'false' || s === '') return false;
    if (/^\d+$/.test(s)) return Number(s);
    return s;
  });

const nonEmpty = (fallback: string) => z.string().trim().min(1).default(fallback);

export const gatewayConfigSchema = z
  .object({
    /** 0 binds any free port (tests). */
    GATEWAY_PORT: blankAsUnset(z.coerce.number().int().min(0).max(65535).default(4000)),
    GATEWAY_HOST: nonEmpty('0.0.0.0'),
    IDENTITY_GRPC_URL: nonEmpty('127.0.0.1:50051'),
    NOTIFICATIONS_GRPC_URL: nonEmpty('127.0.0.1:50052'),
    DOMAINS_GRPC_URL: nonEmpty('127.0.0.1:50053'),
    CONTENT_GRPC_URL: nonEmpty('127.0.0.1:50054'),
    BILLING_GRPC_URL: nonEmpty('127.0.0.1:50055'),
    CONVERSATIONS_GRPC_URL: nonEmpty('127.0.0.1:50056'),
    /** Asked for its projections' dead letters only (/readyz details). */
    ASSISTANT_GRPC_URL: nonEmpty('127.0.0.1:50057'),
    /**
     * Signs widget visitors' tokens (HS256); every replica must share it. Rotating it signs every
     * visitor out (their widget opens a new session with its visitor key).
     */
    VISITOR_TOKEN_SECRET: z
      .string({ error: 'required: a random secret of at least 32 characters' })
      .min(32, { error: 'must be at least 32 characters' }),
    /** Signs the gateway's caller token on every gRPC call; the services verify it with the same key. */
    CALLER_TOKEN_SECRET: callerTokenSecret,
    NODE_ENV: nodeEnv,
    JWKS_URL: url('http://127.0.0.1:4101/.well-known/jwks.json'),
    JWT_ISSUER: nonEmpty('http://localhost:4101'),
    JWT_AUDIENCE: nonEmpty('parley'),
    JWT_ROLE_CLAIM: nonEmpty('role'),
    JWT_ACCOUNT_CLAIM: nonEmpty('acct'),
    /** Asymmetric algorithms only: a shared-secret token must never verify. */
    JWT_ALGORITHMS: z
      .string()
      .default('ES256,RS256')
      .transform((v) =>
        v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      )
      .pipe(
        z
          .array(
            z.enum([
              'ES256',
              'ES384',
              'ES512',
              'RS256',
              'RS384',
              'RS512',
              'PS256',
              'PS384',
              'PS512',
              'EdDSA',
            ]),
          )
          .min(1),
      ),
    REDIS_URL: url('redis://127.0.0.1:6379'),
    /** Core NATS: the notifications service announces new in-app notifications here. */
    NATS_URL: url('nats://127.0.0.1:4222'),
    /** Namespaces the gateway's Redis channels (Socket.IO adapter, settings invalidation). */
    REDIS_KEY_PREFIX: z.string().trim().optional(),
    /** Rate-limit keys; defaults to `<REDIS_KEY_PREFIX>:rl`. */
    RATE_LIMIT_PREFIX: z.string().trim().optional(),
    /** The run's event namespace (see docs/conventions.md); also keeps one run's Redis channels apart from another's. */
    EVENT_NAMESPACE: z
      .string()
      .trim()
      .regex(/^[a-z0-9]*$/, { error: 'lower-case letters and digits only' })
      .default(''),
    FRONTEND_ORIGIN: originList('http://localhost:3000'),
    /** Where newsletter links send the browser; the first FRONTEND_ORIGIN when unset. */
    PUBLIC_APP_URL: z
      .url({
        protocol: /^https?$/,
        error: 'must be an http:// or https:// URL, e.g. https://app.parley.example',
      })
      .refine((v) => {
        const u = new URL(v);
        return !u.search && !u.hash && !u.username && !u.password;
      }, 'must be a plain base URL, without query, fragment or credentials')
      .optional(),
    COOKIE_SECURE: bool(false),
    /** Requests each public API key may make per minute (/api/v1). */
    API_KEY_RATE_LIMIT_PER_MINUTE: blankAsUnset(z.coerce.number().int().min(1).max(100000).default(120)),
    /** How long an Idempotency-Key's first answer is replayed (/api/v1 POSTs). */
    IDEMPOTENCY_TTL_SECONDS: blankAsUnset(z.coerce.number().int().min(60).max(604800).default(86400)),
    GRPC_DEADLINE_MS: blankAsUnset(z.coerce.number().int().min(100).max(60000).default(5000)),
    /** Client events one socket may send per SOCKET_EVENT_WINDOW_SECONDS (docs/api/conversations.md). */
    SOCKET_EVENT_LIMIT: blankAsUnset(z.coerce.number().int().min(1).max(100000).default(100)),
    SOCKET_EVENT_LIMIT_TEAM: blankAsUnset(z.coerce.number().int().min(1).max(100000).default(500)),
    SOCKET_EVENT_WINDOW_SECONDS: blankAsUnset(z.coerce.number().int().min(1).max(3600).default(10)),
    /**
     * Visitor messages go to conversations in batches (PostVisitorMessages): at most this many
     * per call; 1 sends each alone (PostVisitorMessage). Conversations takes at most 256.
     */
    VISITOR_MESSAGE_BATCH_MAX: blankAsUnset(z.coerce.number().int().min(1).max(256).default(64)),
    /**
     * How long a batch's first message waits for others, in ms: 0 (default) sends at the end of
     * the event-loop turn it came in, so a lone message is not held; at most 2.
     */
    VISITOR_MESSAGE_BATCH_WINDOW_MS: blankAsUnset(z.coerce.number().min(0).max(2).default(0)),
    /**
     * Memory for the team reads last sent (the conversation list's pages, a room's messages; each
     * caller's and query's), answered again when conversations confirms the rows unchanged; 0 keeps none.
     */
    TEAM_READ_CACHE_MB: blankAsUnset(z.coerce.number().int().min(0).max(4096).default(32)),
    /** How long system settings read from identity are reused before asking again. */
    SETTINGS_CACHE_MS: blankAsUnset(z.coerce.number().int().min(0).max(60000).default(3000)),
    TRUST_PROXY: trustProxy,
    /** Largest JSON body accepted; bigger ones get 413. */
    BODY_LIMIT: nonEmpty('100kb'),
    /** How long stop() waits for in-flight requests before cutting connections. */
    SHUTDOWN_GRACE_MS: blankAsUnset(z.coerce.number().int().min(0).max(60000).default(10000)),
    /**
     * The built widget (widget/scripts/build.mjs): loader.js and app/. Defaults to the repository's
     * widget/dist, found from this file (gateway/dist or gateway/src) like the image lays it out.
     */
    WIDGET_DIST_DIR: z
      .string()
      .trim()
      .min(1)
      .default(() => resolve(__dirname, '..', '..', 'widget', 'dist'))
      .transform((v) => resolve(v)),
    /**
     * Where the widget's payment form loads Stripe.js from and what it talks to (its page's
     * Content-Security-Policy): Stripe's origins, or the local Stripe-compatible server's.
     */
    STRIPE_ORIGINS: z
      .string()
      .default(
        'https://js.stripe.com,https://api.stripe.com,https://hooks.stripe.com,https://m.stripe.network',
      )
      .transform((v) =>
        v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.url().transform((u) => new URL(u).origin))),
    METRICS_PORT: metricsPort,
    ...tracingEnv,
    LOG_LEVEL: logLevel,
  })
  .superRefine(callerTokenKeyInProduction)
  .transform((env) => {
    const keyPrefix = (
      env.REDIS_KEY_PREFIX ||
      (env.EVENT_NAMESPACE ? `parley:${env.EVENT_NAMESPACE}:gateway` : 'parley:gateway')
    ).replace(/:+$/, '');
    return {
      port: env.GATEWAY_PORT,
      host: env.GATEWAY_HOST,
      identityGrpcUrl: env.IDENTITY_GRPC_URL,
      notificationsGrpcUrl: env.NOTIFICATIONS_GRPC_URL,
      domainsGrpcUrl: env.DOMAINS_GRPC_URL,
      contentGrpcUrl: env.CONTENT_GRPC_URL,
      billingGrpcUrl: env.BILLING_GRPC_URL,
      conversationsGrpcUrl: env.CONVERSATIONS_GRPC_URL,
      assistantGrpcUrl: env.ASSISTANT_GRPC_URL,
      visitorTokenSecret: env.VISITOR_TOKEN_SECRET,
      callerTokenSecret: env.CALLER_TOKEN_SECRET,
      jwt: {
        jwksUrl: env.JWKS_URL,
        issuer: env.JWT_ISSUER,
        audience: env.JWT_AUDIENCE,
        roleClaim: env.JWT_ROLE_CLAIM,
        accountClaim: env.JWT_ACCOUNT_CLAIM,
        algorithms: env.JWT_ALGORITHMS,
      },
      redis: {
        url: env.REDIS_URL,
        keyPrefix,
        rateLimitPrefix: (env.RATE_LIMIT_PREFIX || `${keyPrefix}:rl`).replace(/:+$/, ''),
      },
      natsUrl: env.NATS_URL,
      eventNamespace: env.EVENT_NAMESPACE,
      frontendOrigins: env.FRONTEND_ORIGIN,
      publicAppUrl: (env.PUBLIC_APP_URL ?? env.FRONTEND_ORIGIN[0] ?? 'http://localhost:3000').replace(
        /\/+$/,
        '',
      ),
      cookieSecure: env.COOKIE_SECURE,
      apiKeyRateLimitPerMinute: env.API_KEY_RATE_LIMIT_PER_MINUTE,
      idempotencyTtlSeconds: env.IDEMPOTENCY_TTL_SECONDS,
      grpcDeadlineMs: env.GRPC_DEADLINE_MS,
      socketEventBudget: {
        events: env.SOCKET_EVENT_LIMIT,
        teamEvents: env.SOCKET_EVENT_LIMIT_TEAM,
        windowSeconds: env.SOCKET_EVENT_WINDOW_SECONDS,
      },
      visitorMessageBatch: {
        maxItems: env.VISITOR_MESSAGE_BATCH_MAX,
        windowMs: env.VISITOR_MESSAGE_BATCH_WINDOW_MS,
      },
      settingsCacheMs: env.SETTINGS_CACHE_MS,
      teamReadCacheBytes: env.TEAM_READ_CACHE_MB * 1024 * 1024,
      trustProxy: env.TRUST_PROXY,
      bodyLimit: env.BODY_LIMIT,
      shutdownGraceMs: env.SHUTDOWN_GRACE_MS,
      widgetDistDir: env.WIDGET_DIST_DIR,
      stripeOrigins: env.STRIPE_ORIGINS,
      metricsPort: env.METRICS_PORT,
      tracing: tracingSettings(env),
      logLevel: env.LOG_LEVEL,
    };
  });

export type GatewayConfig = z.infer<typeof gatewayConfigSchema>;

export function loadGatewayConfig(env: Record<string, string | undefined> = process.env): GatewayConfig {
  return parseConfig('gateway', gatewayConfigSchema, env);
}
