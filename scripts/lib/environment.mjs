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
 *                    infrastructure?: { postgres, redis, nats } (server URLs, postgres without a database) }
 * @returns { [program]: Record<string, string> }
 */
export function programEnvironments(profile, secrets, options = {}) {
  const p = profile.ports;
  const logLevel = options.logLevel ?? 'info';
  const namespace = profile.namespace;
  const INFRA = { ...DEFAULT_INFRASTRUCTURE, ...options.infrastructure };
  const databaseUrl = (service) => databaseUrlFor(profile, service, INFRA.postgres);
  const smtpUrl = options.smtpUrl ?? `smtp://127.0.0.1:${p.mailSmtp}`;
  const common = { LOG_LEVEL: logLevel };
  const eventing = { NATS_URL: INFRA.nats, EVENT_NAMESPACE: namespace };

  return {
    mailcatcher: {
      LOG_LEVEL: logLevel,
      MAILCATCHER_HOST: '127.0.0.1',
      MAILCATCHER_SMTP_PORT: String(p.mailSmtp),
      MAILCATCHER_HTTP_PORT: String(p.mailHttp),
    },
    identity: {
      ...common,
      ...eventing,
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
      NOTIFICATIONS_GRPC_PORT: String(p.notificationsGrpc),
      DATABASE_URL: databaseUrl('notifications'),
      SMTP_URL: smtpUrl,
      MAIL_SEAL_KEY: secrets.MAIL_SEAL_KEY,
      MAIL_FROM: 'Parley <no-reply@parley.local>',
      // Links in mail (newsletter confirmation) open the frontend, which forwards /api to the gateway.
      PUBLIC_APP_URL: `http://localhost:${p.frontend}`,
    },
    billing: {
      ...common,
      ...eventing,
      BILLING_GRPC_PORT: String(p.billingGrpc),
      DATABASE_URL: databaseUrl('billing'),
    },
    domains: {
      ...common,
      ...eventing,
      DOMAINS_GRPC_PORT: String(p.domainsGrpc),
      DATABASE_URL: databaseUrl('domains'),
    },
    content: {
      ...common,
      ...eventing,
      CONTENT_GRPC_PORT: String(p.contentGrpc),
      DATABASE_URL: databaseUrl('content'),
    },
    conversations: {
      ...common,
      ...eventing,
      CONVERSATIONS_GRPC_PORT: String(p.conversationsGrpc),
      DATABASE_URL: databaseUrl('conversations'),
    },
    assistant: {
      ...common,
      ...eventing,
      ASSISTANT_GRPC_PORT: String(p.assistantGrpc),
      DATABASE_URL: databaseUrl('assistant'),
      CONVERSATIONS_GRPC_URL: `127.0.0.1:${p.conversationsGrpc}`,
      BILLING_GRPC_URL: `127.0.0.1:${p.billingGrpc}`,
    },
    gateway: {
      ...common,
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
    },
    frontend: {
      PORT: String(p.frontend),
      HOSTNAME: '127.0.0.1',
      GATEWAY_URL: `http://127.0.0.1:${p.gateway}`,
      NEXT_TELEMETRY_DISABLED: '1',
    },
  };
}
