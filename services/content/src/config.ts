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

/** The environment this program reads; exported so the runner tests can check the stack sets it right. */
export const configSchema = z
  .object({
    CONTENT_GRPC_PORT: port(50054),
    DATABASE_URL: url('postgres://postgres@127.0.0.1:5432/parley_content'),
    NATS_URL: url('nats://127.0.0.1:4222'),
    EVENT_NAMESPACE: z
      .string()
      .regex(/^[a-zA-Z0-9_-]*$/, 'letters, digits, - and _ only')
      .default(''),
    STREAM_REPLICAS: streamReplicas,
    ...serviceEnv,
  })
  .superRefine(callerTokenKeyInProduction);

export interface ContentConfig {
  /** 0 picks a free port (tests). */
  grpcPort: number;
  databaseUrl: string;
  natsUrl: string;
  /** Empty in production; tests use a random one to isolate their streams. */
  eventNamespace: string;
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

export function loadConfig(env: Record<string, string | undefined> = process.env): ContentConfig {
  const c = parseConfig('content', configSchema, env);
  return {
    grpcPort: c.CONTENT_GRPC_PORT,
    databaseUrl: c.DATABASE_URL,
    natsUrl: c.NATS_URL,
    eventNamespace: c.EVENT_NAMESPACE,
    streamReplicas: c.STREAM_REPLICAS,
    metricsPort: c.METRICS_PORT,
    tracing: tracingSettings(c),
    migrateOnStart: c.MIGRATE_ON_START,
    callerTokenSecret: c.CALLER_TOKEN_SECRET,
    logLevel: c.LOG_LEVEL,
  };
}
