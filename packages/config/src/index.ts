import { z } from 'zod';

export class ConfigError extends Error {
  constructor(
    readonly program: string,
    readonly issues: string[],
  ) {
    super(`${program}: invalid configuration\n  ${issues.join('\n  ')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Parses the environment once, at start-up, in the composition root. A bad value stops the
 * program with every problem listed, rather than failing later on first use.
 */
export function parseConfig<S extends z.ZodType>(
  program: string,
  schema: S,
  env: Record<string, string | undefined> = process.env,
): z.infer<S> {
  const result = schema.safeParse(env);
  if (!result.success) {
    throw new ConfigError(
      program,
      result.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`),
    );
  }
  return result.data;
}

/**
 * A variable set to nothing (`NAME=` in a compose file or a manifest) reads as unset, so it takes
 * its default: `z.coerce.number()` alone reads it as 0, which turned a cache or a wait off.
 */
export const blankAsUnset = <S extends z.ZodType>(schema: S) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema);

/** Reusable pieces for the programs' schemas. */
export const port = (fallback: number) =>
  blankAsUnset(z.coerce.number().int().min(1).max(65535).default(fallback));
export const url = (fallback?: string) => (fallback === undefined ? z.url() : z.url().default(fallback));
export const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'])
    .default(fallback ? 'true' : 'false')
    .transform((v) => v === 'true' || v === '1' || v === 'yes');
/**
 * STREAM_REPLICAS: how many JetStream servers keep each event stream the program owns. 1 on a
 * single server (development, tests); 3 on a production cluster, so the log survives losing a node.
 */
export const streamReplicas = z.coerce
  .number()
  .int()
  .min(1, 'at least 1')
  .max(5, 'JetStream keeps at most 5 replicas')
  .default(1);
/**
 * METRICS_PORT: where the program serves `GET /metrics` (Prometheus text), apart from its API.
 * Unset: no metrics endpoint (development); 0 picks a free port (tests).
 */
export const metricsPort = z
  .union([z.literal('').transform(() => undefined), z.coerce.number().int().min(0).max(65535)])
  .optional();
/**
 * OpenTelemetry traces, by the standard variables: OTEL_EXPORTER_OTLP_ENDPOINT (the collector's
 * OTLP/HTTP base URL, `/v1/traces` is added) or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT (the full
 * URL), and OTEL_TRACES_SAMPLER_ARG (share of new traces kept, 0-1, default 1). Neither URL set:
 * no tracing. Spread into a program's schema; `tracingSettings` reads the parsed values.
 */
const optionalUrl = z
  .union([z.literal('').transform(() => undefined), z.url({ protocol: /^https?$/ })])
  .optional();
export const tracingEnv = {
  OTEL_EXPORTER_OTLP_ENDPOINT: optionalUrl,
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: optionalUrl,
  OTEL_TRACES_SAMPLER_ARG: blankAsUnset(z.coerce.number().min(0).max(1).default(1)),
};
export interface TracingSettings {
  /** The OTLP/HTTP traces URL. */
  tracesUrl: string;
  /** Share of new traces kept (0-1). */
  sampleRatio: number;
}
export function tracingSettings(c: {
  OTEL_EXPORTER_OTLP_ENDPOINT?: string;
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?: string;
  OTEL_TRACES_SAMPLER_ARG: number;
}): TracingSettings | undefined {
  const tracesUrl =
    c.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ??
    (c.OTEL_EXPORTER_OTLP_ENDPOINT
      ? `${c.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/+$/, '')}/v1/traces`
      : undefined);
  return tracesUrl ? { tracesUrl, sampleRatio: c.OTEL_TRACES_SAMPLER_ARG } : undefined;
}
export const logLevel = z
  .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  .default('info');

export { z };

/**
 * MIGRATE_ON_START: whether a program with a database applies its migrations when it starts.
 * On by default (`npm start`, tests); production turns it off and runs the program's `migrate`
 * entry as a Job before a new version rolls out, so pods never change the schema themselves.
 */
export const migrateOnStart = bool(true);
/**
 * CALLER_TOKEN_SECRET: the key the gateway and service-to-service callers sign short-lived caller
 * tokens with, and services verify them with (HS256, at least 32 characters). Unset: calls carry
 * no token and services accept every call (single-process tests only; the stacks and k8s set it).
 */
export const callerTokenSecret = z
  .union([
    z.literal('').transform(() => undefined),
    z.string().min(32, 'CALLER_TOKEN_SECRET must be at least 32 characters'),
  ])
  .optional();

/**
 * What a program's `migrate` entry reads: its database and log level only. The migration Job or
 * init container gets the database credential and nothing else of the program's secrets.
 */
export function loadMigrationConfig(
  program: string,
  env: Record<string, string | undefined> = process.env,
): { databaseUrl: string; logLevel: z.infer<typeof logLevel> } {
  const c = parseConfig(`${program} migrate`, z.object({ DATABASE_URL: z.url(), LOG_LEVEL: logLevel }), env);
  return { databaseUrl: c.DATABASE_URL, logLevel: c.LOG_LEVEL };
}

/** NODE_ENV: `production` in the images (deploy/Dockerfile); read only to insist on the caller-token key. */
export const nodeEnv = z.string().optional();

/**
 * In production (NODE_ENV=production, as the images run) a service must check who calls it and the
 * gateway must sign: CALLER_TOKEN_SECRET is required there, so a deployment that forgot it stops
 * at start instead of serving every caller. For a schema's superRefine.
 */
export function callerTokenKeyInProduction(
  env: { NODE_ENV?: string; CALLER_TOKEN_SECRET?: string },
  ctx: { addIssue(issue: { code: 'custom'; path: string[]; message: string }): void },
): void {
  if (env.NODE_ENV === 'production' && !env.CALLER_TOKEN_SECRET)
    ctx.addIssue({
      code: 'custom',
      path: ['CALLER_TOKEN_SECRET'],
      message: 'required in production (NODE_ENV=production): calls between programs are checked',
    });
}

/**
 * What every service reads beside its own settings: metrics, traces, migrations at start, the
 * caller-token key (and NODE_ENV, to insist on it in production) and the log level. Spread into a
 * service's schema, which then takes `.superRefine(callerTokenKeyInProduction)`.
 */
export const serviceEnv = {
  METRICS_PORT: metricsPort,
  ...tracingEnv,
  MIGRATE_ON_START: migrateOnStart,
  CALLER_TOKEN_SECRET: callerTokenSecret,
  NODE_ENV: nodeEnv,
  LOG_LEVEL: logLevel,
};
