import {
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

const optional = (pattern: RegExp, hint: string) =>
  z
    .string()
    .regex(pattern, hint)
    .optional()
    .or(z.literal('').transform(() => undefined));

/** The environment this program reads; exported so the runner tests can check the stack sets it right. */
export const configSchema = z
  .object({
    BILLING_GRPC_PORT: port(50055),
    DATABASE_URL: url('postgres://postgres@127.0.0.1:5432/parley_billing'),
    NATS_URL: url('nats://127.0.0.1:4222'),
    EVENT_NAMESPACE: z
      .string()
      .regex(/^[a-zA-Z0-9_-]*$/, 'letters, digits, - and _ only')
      .default(''),
    /** Stripe's secret key (sk_live_/sk_test_/rk_): without it payments answer "not configured". */
    STRIPE_SECRET_KEY: optional(
      /^(sk|rk)_(test|live)_\w{8,}$/,
      'a Stripe secret key (sk_test_..., sk_live_...)',
    ),
    STRIPE_PUBLISHABLE_KEY: optional(/^pk_(test|live)_\w{8,}$/, 'a Stripe publishable key (pk_...)'),
    STRIPE_WEBHOOK_SECRET: optional(/^whsec_\w{8,}$/, 'a webhook signing secret (whsec_...)'),
    /** Stripe signs Connect events (connected accounts') at an endpoint of their own, with its own secret. */
    STRIPE_CONNECT_WEBHOOK_SECRET: optional(/^whsec_\w{8,}$/, 'a webhook signing secret (whsec_...)'),
    /** Where the API is: unset for Stripe itself, the local server's address otherwise. */
    STRIPE_API_URL: z
      .url()
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /** The Stripe.js the browser loads. */
    STRIPE_JS_URL: url('https://js.stripe.com/v3'),
    /** The frontend's public address: payments return to its settings page. */
    PUBLIC_APP_URL: url('http://localhost:3000'),
    /** Where the SQL migrations are, when the program runs from elsewhere than beside them. */
    BILLING_MIGRATIONS_DIR: z.string().min(1).optional(),
    STREAM_REPLICAS: streamReplicas,
    ...serviceEnv,
  })
  .superRefine(callerTokenKeyInProduction)
  .superRefine((c, ctx) => {
    if (!c.STRIPE_SECRET_KEY) return;
    for (const key of ['STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const)
      if (!c[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'required with STRIPE_SECRET_KEY' });
  });

export interface StripeConfig {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** The Connect endpoint's secret, when Connect events arrive at an endpoint of their own. */
  connectWebhookSecret?: string;
  /** The local Stripe-compatible server (tools/stripe-local); undefined for Stripe's own API. */
  apiUrl?: string;
  scriptUrl: string;
}

export interface BillingConfig {
  /** 0 picks a free port (tests). */
  grpcPort: number;
  /** Holds the projection checkpoints, the payment customers and the webhook inbox. */
  databaseUrl: string;
  natsUrl: string;
  /** Empty in production; tests use a random one to isolate their streams. */
  eventNamespace: string;
  /** Payments are off (every payment call answers "not configured") without it. */
  stripe?: StripeConfig;
  /** Default http://localhost:3000. */
  publicAppUrl?: string;
  /** Default: migrations/ beside src/ or dist/. */
  migrationsDir?: string;
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

export function loadConfig(env: Record<string, string | undefined> = process.env): BillingConfig {
  const c = parseConfig('billing', configSchema, env);
  return {
    grpcPort: c.BILLING_GRPC_PORT,
    databaseUrl: c.DATABASE_URL,
    natsUrl: c.NATS_URL,
    eventNamespace: c.EVENT_NAMESPACE,
    stripe: c.STRIPE_SECRET_KEY
      ? {
          secretKey: c.STRIPE_SECRET_KEY,
          publishableKey: c.STRIPE_PUBLISHABLE_KEY!,
          webhookSecret: c.STRIPE_WEBHOOK_SECRET!,
          ...(c.STRIPE_CONNECT_WEBHOOK_SECRET
            ? { connectWebhookSecret: c.STRIPE_CONNECT_WEBHOOK_SECRET }
            : {}),
          apiUrl: c.STRIPE_API_URL,
          scriptUrl: c.STRIPE_JS_URL,
        }
      : undefined,
    publicAppUrl: c.PUBLIC_APP_URL.replace(/\/+$/, ''),
    ...(c.BILLING_MIGRATIONS_DIR ? { migrationsDir: c.BILLING_MIGRATIONS_DIR } : {}),
    streamReplicas: c.STREAM_REPLICAS,
    metricsPort: c.METRICS_PORT,
    tracing: tracingSettings(c),
    migrateOnStart: c.MIGRATE_ON_START,
    callerTokenSecret: c.CALLER_TOKEN_SECRET,
    logLevel: c.LOG_LEVEL,
  };
}
