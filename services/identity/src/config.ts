import { readFileSync } from 'node:fs';
import { loginSchema } from '@parley/contracts/validation';
import {
  blankAsUnset,
  callerTokenKeyInProduction,
  parseConfig,
  port,
  streamReplicas,
  url,
  z,
  tracingSettings,
  serviceEnv,
} from '@parley/config';

const secret = (name: string) =>
  z.string({ error: `${name} is required` }).min(16, { error: `${name} must be at least 16 characters` });

const seconds = (fallback: number) => blankAsUnset(z.coerce.number().int().min(1).default(fallback));

export const configSchema = z
  .object({
    IDENTITY_GRPC_PORT: port(50051),
    IDENTITY_HTTP_PORT: port(4101),
    DATABASE_URL: url('postgres://postgres@127.0.0.1:5432/parley_identity'),
    NATS_URL: z.string().min(1).default('nats://127.0.0.1:4222'),
    REDIS_URL: url('redis://127.0.0.1:6379'),
    EVENT_NAMESPACE: z
      .string()
      .regex(/^[A-Za-z0-9_-]*$/, { error: 'EVENT_NAMESPACE may hold letters, digits, _ and - only' })
      .default(''),
    JWT_PRIVATE_KEY: z.string().optional(),
    JWT_PRIVATE_KEY_FILE: z.string().optional(),
    /** During a key rotation: the key signed with before (public or private PEM), still published. */
    JWT_PREVIOUS_PUBLIC_KEY: z.string().optional(),
    JWT_ISSUER: url('http://localhost:4101'),
    JWT_AUDIENCE: z.string().min(1).default('parley'),
    ACCESS_TOKEN_TTL_SECONDS: seconds(900),
    REFRESH_TOKEN_TTL_SECONDS: seconds(2592000),
    /** A just-rotated refresh token presented within this many seconds answers TOKEN_ROTATED
     *  instead of ending the session as stolen (two tabs refreshing at once). 0: strict. */
    REFRESH_REUSE_GRACE_SECONDS: blankAsUnset(z.coerce.number().int().min(0).max(60).default(0)),
    CODE_SECRET: secret('CODE_SECRET'),
    MAIL_SEAL_KEY: secret('MAIL_SEAL_KEY'),
    ADMIN_EMAIL: z.string().optional(),
    ADMIN_PASSWORD: z.string().optional(),
    /** Where the migrations live when the program runs from a bundle outside the repository. */
    IDENTITY_MIGRATIONS_DIR: z.string().optional(),
    STREAM_REPLICAS: streamReplicas,
    ...serviceEnv,
  })
  .superRefine(callerTokenKeyInProduction)
  .superRefine((env, ctx) => {
    if (!env.JWT_PRIVATE_KEY && !env.JWT_PRIVATE_KEY_FILE) {
      ctx.addIssue({
        code: 'custom',
        path: ['JWT_PRIVATE_KEY'],
        message: 'JWT_PRIVATE_KEY or JWT_PRIVATE_KEY_FILE is required',
      });
    }
    if (Boolean(env.ADMIN_EMAIL) !== Boolean(env.ADMIN_PASSWORD)) {
      ctx.addIssue({
        code: 'custom',
        path: ['ADMIN_PASSWORD'],
        message: 'ADMIN_EMAIL and ADMIN_PASSWORD go together',
      });
    } else if (env.ADMIN_EMAIL && env.ADMIN_PASSWORD) {
      // The admin logs in like everyone else, so the same rules apply to the pair.
      const admin = loginSchema.safeParse({ email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD });
      for (const issue of admin.success ? [] : admin.error.issues) {
        const key = issue.path[0] === 'email' ? 'ADMIN_EMAIL' : 'ADMIN_PASSWORD';
        ctx.addIssue({ code: 'custom', path: [key], message: issue.message });
      }
    }
  })
  .transform((env, ctx) => {
    let jwtPrivateKeyPem = env.JWT_PRIVATE_KEY ?? '';
    if (!jwtPrivateKeyPem && env.JWT_PRIVATE_KEY_FILE) {
      try {
        jwtPrivateKeyPem = readFileSync(env.JWT_PRIVATE_KEY_FILE, 'utf8');
      } catch (e) {
        ctx.addIssue({
          code: 'custom',
          path: ['JWT_PRIVATE_KEY_FILE'],
          message: `cannot read: ${(e as Error).message}`,
        });
        return z.NEVER;
      }
    }
    return {
      grpcPort: env.IDENTITY_GRPC_PORT,
      httpPort: env.IDENTITY_HTTP_PORT,
      databaseUrl: env.DATABASE_URL,
      natsUrl: env.NATS_URL,
      redisUrl: env.REDIS_URL,
      namespace: env.EVENT_NAMESPACE,
      jwt: {
        // Escaped newlines let the PEM travel in a one-line environment variable.
        privateKeyPem: jwtPrivateKeyPem.replace(/\\n/g, '\n'),
        previousPublicKeyPem: env.JWT_PREVIOUS_PUBLIC_KEY
          ? env.JWT_PREVIOUS_PUBLIC_KEY.replace(/\\n/g, '\n')
          : null,
        issuer: env.JWT_ISSUER.replace(/\/$/, ''),
        audience: env.JWT_AUDIENCE,
        accessTokenTtlSeconds: env.ACCESS_TOKEN_TTL_SECONDS,
      },
      refreshTokenTtlSeconds: env.REFRESH_TOKEN_TTL_SECONDS,
      refreshReuseGraceSeconds: env.REFRESH_REUSE_GRACE_SECONDS,
      codeSecret: env.CODE_SECRET,
      mailSealKey: env.MAIL_SEAL_KEY,
      admin:
        env.ADMIN_EMAIL && env.ADMIN_PASSWORD
          ? { email: env.ADMIN_EMAIL.trim().toLowerCase(), password: env.ADMIN_PASSWORD }
          : null,
      migrationsDir: env.IDENTITY_MIGRATIONS_DIR ?? null,
      streamReplicas: env.STREAM_REPLICAS,
      metricsPort: env.METRICS_PORT,
      tracing: tracingSettings(env),
      migrateOnStart: env.MIGRATE_ON_START,
      callerTokenSecret: env.CALLER_TOKEN_SECRET,
      logLevel: env.LOG_LEVEL,
    };
  });

export type IdentityConfig = z.infer<typeof configSchema>;

export function loadConfig(env: Record<string, string | undefined> = process.env): IdentityConfig {
  return parseConfig('identity', configSchema, env);
}
