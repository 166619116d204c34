import {
  blankAsUnset,
  logLevel,
  callerTokenKeyInProduction,
  parseConfig,
  port,
  streamReplicas,
  url,
  z,
  tracingSettings,
  type TracingSettings,
  serviceEnv,
} from '@parley/config';

const smtpUrl = z.url({
  protocol: /^smtps?$/,
  error: 'must be an smtp:// or smtps:// URL, e.g. smtp://127.0.0.1:1025',
});

/** The frontend's public address: links in mail point here (it forwards /api to the gateway). */
const publicAppUrl = z
  .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL, e.g. https://app.parley.example' })
  .default('http://localhost:3000')
  .refine((v) => {
    const u = new URL(v);
    return !u.search && !u.hash && !u.username && !u.password;
  }, 'must be a plain base URL, without query, fragment or credentials')
  .transform((v) => v.replace(/\/+$/, ''));

/** The environment this program reads; exported so the runner tests can check the stack sets it right. */
export const configSchema = z
  .object({
    NOTIFICATIONS_GRPC_PORT: port(50052),
    DATABASE_URL: url('postgres://postgres@127.0.0.1:5432/parley_notifications'),
    NATS_URL: url('nats://127.0.0.1:4222'),
    EVENT_NAMESPACE: z
      .string()
      .regex(/^[a-zA-Z0-9_-]*$/, 'letters, digits, - and _ only')
      .default(''),
    SMTP_URL: smtpUrl,
    MAIL_FROM: z.string().trim().min(3).default('Parley <no-reply@parley.local>'),
    MAIL_SEAL_KEY: z
      .string()
      .min(16, 'must be at least 16 characters: it is the secret that seals verification codes'),
    MAIL_MAX_ATTEMPTS: blankAsUnset(z.coerce.number().int().min(1).max(50).default(10)),
    MAIL_RETRY_BASE_MS: blankAsUnset(z.coerce.number().int().min(1).default(2000)),
    MAIL_RETRY_MAX_MS: blankAsUnset(z.coerce.number().int().min(1).default(300_000)),
    MAIL_POLL_INTERVAL_MS: blankAsUnset(z.coerce.number().int().min(50).default(5000)),
    PUBLIC_APP_URL: publicAppUrl,
    MARKETING_SEND_PER_SECOND: blankAsUnset(z.coerce.number().min(0.1).max(1000).default(10)),
    MARKETING_SCHEDULE_POLL_MS: blankAsUnset(z.coerce.number().int().min(50).default(5000)),
    WEBHOOK_RETRY_BASE_MS: blankAsUnset(z.coerce.number().int().min(10).default(30_000)),
    WEBHOOK_RETRY_MAX_MS: blankAsUnset(z.coerce.number().int().min(10).default(3_600_000)),
    WEBHOOK_RETRY_WINDOW_MS: blankAsUnset(z.coerce.number().int().min(1000).default(86_400_000)),
    WEBHOOK_POLL_INTERVAL_MS: blankAsUnset(z.coerce.number().int().min(50).default(5000)),
    WEBHOOK_TIMEOUT_MS: blankAsUnset(z.coerce.number().int().min(100).max(60_000).default(10_000)),
    WEBHOOK_ALLOW_PRIVATE_URLS: z
      .enum(['true', 'false'])
      .default('false')
      .transform((v) => v === 'true'),
    STREAM_REPLICAS: streamReplicas,
    ...serviceEnv,
  })
  .superRefine(callerTokenKeyInProduction);

export interface MailDeliveryConfig {
  /** Attempts per mail before it is marked failed. */
  maxAttempts: number;
  /** First retry delay; doubles per attempt up to retryMaxMs (with jitter). */
  retryBaseMs: number;
  retryMaxMs: number;
  /** Fallback poll; new mail normally wakes the sender at once through LISTEN/NOTIFY. */
  pollIntervalMs: number;
}

export interface WebhooksConfig {
  /** Back-off: base doubling up to max, retried for `windowMs`; an endpoint failing that long is disabled. */
  retry: { baseMs: number; maxMs: number; windowMs: number };
  /** Fallback poll; a new delivery normally wakes the deliverer at once through LISTEN/NOTIFY. */
  pollIntervalMs: number;
  /** How long one delivery may take. */
  timeoutMs: number;
  /** Endpoints on loopback and private addresses: off in production, on for local tests. */
  allowPrivateUrls: boolean;
}

export const WEBHOOK_DEFAULTS: WebhooksConfig = {
  retry: { baseMs: 30_000, maxMs: 3_600_000, windowMs: 86_400_000 },
  pollIntervalMs: 5000,
  timeoutMs: 10_000,
  allowPrivateUrls: false,
};

export interface NotificationsConfig {
  /** 0 picks a free port (tests). */
  grpcPort: number;
  databaseUrl: string;
  natsUrl: string;
  /** Empty in production; tests use a random one to isolate their streams. */
  eventNamespace: string;
  smtpUrl: string;
  mailFrom: string;
  mailSealKey: string;
  delivery: MailDeliveryConfig;
  /** Base of the links in newsletter mail, without a trailing slash. */
  publicAppUrl: string;
  marketing: {
    /** Campaign mails leave each sender at most this many a second. */
    sendPerSecond: number;
    /** How often scheduled campaigns are looked for. */
    schedulePollMs: number;
  };
  /** Outgoing webhooks (issue 17); defaults in WEBHOOK_DEFAULTS when absent. */
  webhooks?: WebhooksConfig;
  /** Copies of its stream the JetStream cluster keeps (STREAM_REPLICAS); default 1. */
  streamReplicas?: number;
  /** Where GET /metrics is served (METRICS_PORT); unset: nowhere. */
  metricsPort?: number;
  /** Where traces go by OTLP (OTEL_EXPORTER_OTLP_ENDPOINT); unset: no tracing. */
  tracing?: TracingSettings;
  /** Apply migrations at start (MIGRATE_ON_START); default true. Off: refuse a schema behind the code. */
  migrateOnStart?: boolean;
  /** Verify (and, calling other services, sign) caller tokens with this key (CALLER_TOKEN_SECRET). */
  callerTokenSecret?: string;
  logLevel: z.infer<typeof logLevel>;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): NotificationsConfig {
  const c = parseConfig('notifications', configSchema, env);
  return {
    grpcPort: c.NOTIFICATIONS_GRPC_PORT,
    databaseUrl: c.DATABASE_URL,
    natsUrl: c.NATS_URL,
    eventNamespace: c.EVENT_NAMESPACE,
    smtpUrl: c.SMTP_URL,
    mailFrom: c.MAIL_FROM,
    mailSealKey: c.MAIL_SEAL_KEY,
    delivery: {
      maxAttempts: c.MAIL_MAX_ATTEMPTS,
      retryBaseMs: c.MAIL_RETRY_BASE_MS,
      retryMaxMs: c.MAIL_RETRY_MAX_MS,
      pollIntervalMs: c.MAIL_POLL_INTERVAL_MS,
    },
    publicAppUrl: c.PUBLIC_APP_URL,
    marketing: { sendPerSecond: c.MARKETING_SEND_PER_SECOND, schedulePollMs: c.MARKETING_SCHEDULE_POLL_MS },
    webhooks: {
      retry: {
        baseMs: c.WEBHOOK_RETRY_BASE_MS,
        maxMs: c.WEBHOOK_RETRY_MAX_MS,
        windowMs: c.WEBHOOK_RETRY_WINDOW_MS,
      },
      pollIntervalMs: c.WEBHOOK_POLL_INTERVAL_MS,
      timeoutMs: c.WEBHOOK_TIMEOUT_MS,
      allowPrivateUrls: c.WEBHOOK_ALLOW_PRIVATE_URLS,
    },
    streamReplicas: c.STREAM_REPLICAS,
    metricsPort: c.METRICS_PORT,
    tracing: tracingSettings(c),
    migrateOnStart: c.MIGRATE_ON_START,
    callerTokenSecret: c.CALLER_TOKEN_SECRET,
    logLevel: c.LOG_LEVEL,
  };
}
