// The environment each program gets, from the profile (ports, databases, namespace) and the local
// secrets. Variable names are the programs' own (their src/config.ts); docs/conventions.md lists
// the shared ones.
/** The machine's own servers; a run may use others (the fault suite starts private ones). */
export const DEFAULT_INFRASTRUCTURE = {
  postgres: 'postgres://postgres@127.0.0.1:5432',
  redis: 'redis://127.0.0.1:6379',
  nats: 'nats://127.0.0.1:4222',
};

/** The database a service of this profile uses: what its DATABASE_URL says. */
export function databaseUrlFor(profile, service, postgres = DEFAULT_INFRASTRUCTURE.postgres) {
  return `${postgres}/${profile.databaseName(service)}`;
}

/**
 * @param profile   from resolveProfile()
 * @param secrets   from ensureLocalSecrets()
 * @param options   { smtpUrl?: string (use this mail server instead of the catcher), logLevel?: string,
 *                    stripe?: { secretKey, publishableKey, webhookSecret } (real Stripe instead of the local server),
 *                    infrastructure?: { postgres, redis, nats } (server URLs, postgres without a database),
 *                    languageModel?: { baseUrl, model } (the assistant's OpenAI-compatible server) }
 * @returns { [program]: Record<string, string> }
 */
/** Real Stripe from the developer's environment: all three keys, or none (then the local server). */
export function realStripeFrom(env) {
  if (!env.STRIPE_SECRET_KEY) return undefined;
  return {
    secretKey: env.STRIPE_SECRET_KEY,
    publishableKey: env.STRIPE_PUBLISHABLE_KEY ?? '',
    webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? '',
  };
}

export function programEnvironments(profile, secrets, options = {}) {
  const p = profile.ports;
  const logLevel = options.logLevel ?? 'info';
  const namespace = profile.namespace;
  const INFRA = { ...DEFAULT_INFRASTRUCTURE, ...options.infrastructure };
  const databaseUrl = (service) => databaseUrlFor(profile, service, INFRA.postgres);
  const smtpUrl = options.smtpUrl ?? `smtp://127.0.0.1:${p.mailSmtp}`;
  const common = { LOG_LEVEL: logLevel };
  const stripeLocalUrl = `http://localhost:${p.stripeHttp}`;
  // Billing talks to real Stripe when given its keys, else to the local server through the SDK's host/port.
  const payments = options.stripe
    ? {
        STRIPE_SECRET_KEY: options.stripe.secretKey,
        STRIPE_PUBLISHABLE_KEY: options.stripe.publishableKey,
        STRIPE_WEBHOOK_SECRET: options.stripe.webhookSecret,
      }
    : {
        STRIPE_SECRET_KEY: secrets.STRIPE_LOCAL_SECRET_KEY,
        STRIPE_PUBLISHABLE_KEY: secrets.STRIPE_LOCAL_PUBLISHABLE_KEY,
        STRIPE_WEBHOOK_SECRET: secrets.STRIPE_LOCAL_WEBHOOK_SECRET,
        STRIPE_API_URL: `http://127.0.0.1:${p.stripeHttp}`,
        STRIPE_JS_URL: `${stripeLocalUrl}/v3`,
      };
  const eventing = { NATS_URL: INFRA.nats, EVENT_NAMESPACE: namespace };
  // gRPC calls carry a caller token the services check; the gateway and the assistant sign theirs.
  const calls = { CALLER_TOKEN_SECRET: secrets.CALLER_TOKEN_SECRET };

  return {
    mailcatcher: {
      LOG_LEVEL: logLevel,
      MAILCATCHER_HOST: '127.0.0.1',
      MAILCATCHER_SMTP_PORT: String(p.mailSmtp),
      MAILCATCHER_HTTP_PORT: String(p.mailHttp),
    },
    stripe: {
      LOG_LEVEL: logLevel,
      STRIPE_LOCAL_HOST: '127.0.0.1',
      STRIPE_LOCAL_HTTP_PORT: String(p.stripeHttp),
      STRIPE_LOCAL_PUBLIC_URL: stripeLocalUrl,
      STRIPE_LOCAL_SECRET_KEY: secrets.STRIPE_LOCAL_SECRET_KEY,
      STRIPE_LOCAL_PUBLISHABLE_KEY: secrets.STRIPE_LOCAL_PUBLISHABLE_KEY,
      STRIPE_LOCAL_WEBHOOK_SECRET: secrets.STRIPE_LOCAL_WEBHOOK_SECRET,
      // As a Stripe webhook endpoint would be set up: the gateway's route.
      STRIPE_LOCAL_WEBHOOK_URL: `http://127.0.0.1:${p.gateway}/api/payments/webhook`,
    },
    identity: {
      ...common,
      ...eventing,
      ...calls,
      IDENTITY_GRPC_PORT: String(p.identityGrpc),
      IDENTITY_HTTP_PORT: String(p.identityHttp),
      DATABASE_URL: databaseUrl('identity'),
      REDIS_URL: INFRA.redis,
      JWT_PRIVATE_KEY_FILE: secrets.jwtPrivateKeyFile,
      JWT_ISSUER: `http://localhost:${p.identityHttp}`,
      CODE_SECRET: secrets.CODE_SECRET,
      MAIL_SEAL_KEY: secrets.MAIL_SEAL_KEY,
      ADMIN_EMAIL: secrets.ADMIN_EMAIL,
      ADMIN_PASSWORD: secrets.ADMIN_PASSWORD,
    },
    notifications: {
      ...common,
      ...eventing,
      ...calls,
      NOTIFICATIONS_GRPC_PORT: String(p.notificationsGrpc),
      DATABASE_URL: databaseUrl('notifications'),
      SMTP_URL: smtpUrl,
      MAIL_SEAL_KEY: secrets.MAIL_SEAL_KEY,
      MAIL_FROM: 'Parley <no-reply@parley.local>',
      // Links in mail (newsletter confirmation) open the frontend, which forwards /api to the gateway.
      PUBLIC_APP_URL: `http://localhost:${p.frontend}`,
      // This runner is for one machine: a developer's webhook receiver is on it (never in production).
      WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
    },
    billing: {
      ...common,
      ...eventing,
      ...calls,
      BILLING_GRPC_PORT: String(p.billingGrpc),
      DATABASE_URL: databaseUrl('billing'),
      ...payments,
      // After a payment the owner returns to the settings page.
      PUBLIC_APP_URL: `http://localhost:${p.frontend}`,
    },
    domains: {
      ...common,
      ...eventing,
      ...calls,
      DOMAINS_GRPC_PORT: String(p.domainsGrpc),
      DATABASE_URL: databaseUrl('domains'),
    },
    content: {
      ...common,
      ...eventing,
      ...calls,
      CONTENT_GRPC_PORT: String(p.contentGrpc),
      DATABASE_URL: databaseUrl('content'),
    },
    conversations: {
      ...common,
      ...eventing,
      ...calls,
      CONVERSATIONS_GRPC_PORT: String(p.conversationsGrpc),
      DATABASE_URL: databaseUrl('conversations'),
    },
    assistant: {
      ...common,
      ...eventing,
      ...calls,
      ASSISTANT_GRPC_PORT: String(p.assistantGrpc),
      ASSISTANT_HTTP_PORT: String(p.assistantHttp),
      DATABASE_URL: databaseUrl('assistant'),
      CONVERSATIONS_GRPC_URL: `127.0.0.1:${p.conversationsGrpc}`,
      BILLING_GRPC_URL: `127.0.0.1:${p.billingGrpc}`,
      // The e2e run's own model double; otherwise no model (retrieval answers).
      ...(options.languageModel
        ? {
            ASSISTANT_LLM_BASE_URL: options.languageModel.baseUrl,
            ASSISTANT_LLM_MODEL: options.languageModel.model,
          }
        : {}),
    },
    gateway: {
      ...common,
      ...calls,
      // Redis keys and channels (rate limits, Socket.IO) are namespaced by EVENT_NAMESPACE too.
      EVENT_NAMESPACE: namespace,
      GATEWAY_HOST: '127.0.0.1',
      GATEWAY_PORT: String(p.gateway),
      REDIS_URL: INFRA.redis,
      // New in-app notifications are announced on core NATS (subjects namespaced like the streams).
      NATS_URL: INFRA.nats,
      IDENTITY_GRPC_URL: `127.0.0.1:${p.identityGrpc}`,
      NOTIFICATIONS_GRPC_URL: `127.0.0.1:${p.notificationsGrpc}`,
      DOMAINS_GRPC_URL: `127.0.0.1:${p.domainsGrpc}`,
      CONTENT_GRPC_URL: `127.0.0.1:${p.contentGrpc}`,
      BILLING_GRPC_URL: `127.0.0.1:${p.billingGrpc}`,
      CONVERSATIONS_GRPC_URL: `127.0.0.1:${p.conversationsGrpc}`,
      // Asked only for its dead letters (/readyz details).
      ASSISTANT_GRPC_URL: `127.0.0.1:${p.assistantGrpc}`,
      VISITOR_TOKEN_SECRET: secrets.VISITOR_TOKEN_SECRET,
      JWKS_URL: `http://127.0.0.1:${p.identityHttp}/.well-known/jwks.json`,
      JWT_ISSUER: `http://localhost:${p.identityHttp}`,
      // Either name of this machine may be in the browser's address bar.
      FRONTEND_ORIGIN: `http://localhost:${p.frontend},http://127.0.0.1:${p.frontend}`,
      // The widget's payment form loads Stripe.js from the local server (Stripe's own by default).
      ...(options.stripe ? {} : { STRIPE_ORIGINS: stripeLocalUrl }),
    },
    frontend: {
      PORT: String(p.frontend),
      HOSTNAME: '127.0.0.1',
      GATEWAY_URL: `http://127.0.0.1:${p.gateway}`,
      NEXT_TELEMETRY_DISABLED: '1',
      ...(p.frontendMetrics ? { METRICS_PORT: String(p.frontendMetrics) } : {}),
      // The security headers allow the page to load Stripe.js from here (local mode).
      ...(options.stripe ? {} : { STRIPE_LOCAL_ORIGIN: stripeLocalUrl }),
    },
  };
}
