import {
  blankAsUnset,
  logLevel,
  callerTokenKeyInProduction,
  parseConfig,
  port,
  url,
  z,
  tracingSettings,
  type TracingSettings,
  serviceEnv,
} from '@parley/config';
import { embeddingsConfigFrom, embeddingsEnv, type EmbeddingsConfig } from './embeddings/config';
import { languageModelConfigFrom, languageModelEnv, type LanguageModelConfig } from './llm/config';

const nonEmpty = (fallback: string) => z.string().trim().min(1).default(fallback);

/** The environment this program reads; exported so the runner tests can check the stack sets it right. */
export const configSchema = z
  .object({
    ASSISTANT_GRPC_PORT: port(50057),
    /** /healthz and /readyz (which also says how the model endpoint's last call went). */
    ASSISTANT_HTTP_PORT: port(4107),
    DATABASE_URL: url('postgres://postgres@127.0.0.1:5432/parley_assistant'),
    NATS_URL: url('nats://127.0.0.1:4222'),
    EVENT_NAMESPACE: z
      .string()
      .regex(/^[a-zA-Z0-9_-]*$/, 'letters, digits, - and _ only')
      .default(''),
    /** Where the assistant posts its replies and hands rooms over. */
    CONVERSATIONS_GRPC_URL: nonEmpty('127.0.0.1:50056'),
    /** Where each answer uses one of the account's plan requests. */
    BILLING_GRPC_URL: nonEmpty('127.0.0.1:50055'),
    /** Rooms answered at once; one room's messages are always answered one after another. */
    ASSISTANT_CONCURRENCY: blankAsUnset(z.coerce.number().int().min(1).max(256).default(16)),
    ...serviceEnv,
    ...embeddingsEnv,
    ...languageModelEnv,
  })
  .superRefine(callerTokenKeyInProduction);

export interface AssistantConfig {
  /** 0 picks a free port (tests). */
  grpcPort: number;
  /** 0 picks a free port (tests). */
  httpPort: number;
  databaseUrl: string;
  natsUrl: string;
  /** Empty in production; tests use a random one to isolate their streams and signals. */
  eventNamespace: string;
  conversationsGrpcUrl: string;
  billingGrpcUrl: string;
  /** Rooms (customers' lanes) the reactor answers at once. */
  concurrency: number;
  /** The optional language-model engine; null answers from retrieval alone. */
  languageModel: LanguageModelConfig | null;
  /** Optional embeddings blended into retrieval (EMBEDDINGS_URL); null: BM25 and WordNet alone. */
  embeddings?: EmbeddingsConfig | null;
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

export function loadConfig(env: Record<string, string | undefined> = process.env): AssistantConfig {
  const c = parseConfig('assistant', configSchema, env);
  return {
    grpcPort: c.ASSISTANT_GRPC_PORT,
    httpPort: c.ASSISTANT_HTTP_PORT,
    databaseUrl: c.DATABASE_URL,
    natsUrl: c.NATS_URL,
    eventNamespace: c.EVENT_NAMESPACE,
    conversationsGrpcUrl: c.CONVERSATIONS_GRPC_URL,
    billingGrpcUrl: c.BILLING_GRPC_URL,
    concurrency: c.ASSISTANT_CONCURRENCY,
    languageModel: languageModelConfigFrom(c),
    embeddings: embeddingsConfigFrom(c),
    metricsPort: c.METRICS_PORT,
    tracing: tracingSettings(c),
    migrateOnStart: c.MIGRATE_ON_START,
    callerTokenSecret: c.CALLER_TOKEN_SECRET,
    logLevel: c.LOG_LEVEL,
  };
}
