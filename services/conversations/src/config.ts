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
import { GROUP_LINGER_MS } from '@parley/projections';

/** The environment this program reads; exported so the runner tests can check the stack sets it right. */
export const configSchema = z
  .object({
    CONVERSATIONS_GRPC_PORT: port(50056),
    DATABASE_URL: url('postgres://postgres@127.0.0.1:5432/parley_conversations'),
    NATS_URL: url('nats://127.0.0.1:4222'),
    EVENT_NAMESPACE: z
      .string()
      .regex(/^[a-zA-Z0-9_-]*$/, 'letters, digits, - and _ only')
      .default(''),
    /**
     * Aggregates whose events the event store keeps in memory (least recently used dropped first).
     * A visitor message reads its customer, its visitor key and its room: size it to about three
     * per visitor chatting at once. About 1.5 KB of heap per event held (measured; a customer or
     * key is a few events, a room one per message), so 10,000 aggregates of a few events each are
     * some tens of MB. 0 turns the cache off.
     */
    EVENT_CACHE_SIZE: blankAsUnset(z.coerce.number().int().min(0).max(1_000_000).default(10_000)),
    /**
     * Under a steady stream of events, how long the read model's projections wait for more
     * before a transaction (ms; nothing waits at rest): fewer transactions at a few ms more of
     * read-model lag under load. 0 applies each event as it comes.
     */
    PROJECTION_GROUP_LINGER_MS: blankAsUnset(z.coerce.number().min(0).max(1000).default(GROUP_LINGER_MS)),
    STREAM_REPLICAS: streamReplicas,
    ...serviceEnv,
  })
  .superRefine(callerTokenKeyInProduction);

export interface ConversationsConfig {
  /** 0 picks a free port (tests). */
  grpcPort: number;
  databaseUrl: string;
  natsUrl: string;
  /** Empty in production; tests use a random one to isolate their streams. */
  eventNamespace: string;
  /** Aggregates the event store keeps in memory (EVENT_CACHE_SIZE). */
  eventCacheSize: number;
  /** How long projections' groups wait for more under load (PROJECTION_GROUP_LINGER_MS). */
  projectionGroupLingerMs: number;
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

export function loadConfig(env: Record<string, string | undefined> = process.env): ConversationsConfig {
  const c = parseConfig('conversations', configSchema, env);
  return {
    grpcPort: c.CONVERSATIONS_GRPC_PORT,
    databaseUrl: c.DATABASE_URL,
    natsUrl: c.NATS_URL,
    eventNamespace: c.EVENT_NAMESPACE,
    eventCacheSize: c.EVENT_CACHE_SIZE,
    projectionGroupLingerMs: c.PROJECTION_GROUP_LINGER_MS,
    streamReplicas: c.STREAM_REPLICAS,
    metricsPort: c.METRICS_PORT,
    tracing: tracingSettings(c),
    migrateOnStart: c.MIGRATE_ON_START,
    callerTokenSecret: c.CALLER_TOKEN_SECRET,
    logLevel: c.LOG_LEVEL,
  };
}
