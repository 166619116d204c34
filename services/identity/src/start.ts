import { randomBytes } from 'node:crypto';
import { EventStore, connectEventBus, ensureStream } from '@parley/eventstore';
import { callerTokenVerifier, loadService, serveGrpc } from '@parley/grpc';
import type { Logger } from '@parley/logger';
import { startWithTeardown } from '@parley/program';
import {
  migrateProjectionDatabase,
  openProjectionDatabase,
  projectionsGrpcService,
  projectionStarter,
} from '@parley/projections';
import { createClient, type RedisClientType } from 'redis';
import { bootstrapAdmin } from './app/admin/bootstrap-admin';
import type { IdentityDeps } from './app/deps';
import { LoginBackoff } from './app/login-backoff';
import { KnownClients } from './app/sessions/known-clients';
import { SessionRevocations } from './app/sessions/session-revocations';
import type { IdentityConfig } from './config';
import { identityService } from './grpc/identity-service';
import { startHttpServer } from './http/server';
import { migrationsDir } from './migrations-dir';
import { apiKeysProjection } from './projections/apikeys/projection';
import { sessionsProjection } from './projections/sessions/projection';
import { settingsProjection } from './projections/settings/projection';
import { teamInvitesProjection } from './projections/team/projection';
import { usersProjection } from './projections/users/projection';
import { registrationReactor } from './reactors/registration-reactor';
import { revocationReactor } from './reactors/revocation-reactor';
import { hashPassword } from './security/passwords';
import { loadPreviousPublicKey, loadSigningKey } from './security/signing-key';

export interface IdentityHandle {
  grpcPort: number;
  httpPort: number;
  stop(): Promise<void>;
}

export interface StartOptions {
  /** Epoch-ms clock for every decision; tests move it past expiries and locks. */
  clock?: () => number;
}

/**
 * Starts the identity service: event stream, database and read models, Redis, the gRPC API and
 * the JWKS/discovery HTTP endpoint. Whatever started before a failure is closed again.
 */
export function startIdentity(
  config: IdentityConfig,
  logger: Logger,
  options: StartOptions = {},
): Promise<IdentityHandle> {
  return startWithTeardown(logger, async (teardown) => {
    const namespace = config.namespace || undefined;
    const signingKey = await loadSigningKey(config.jwt.privateKeyPem);
    const previousKeys = config.jwt.previousPublicKeyPem
      ? [await loadPreviousPublicKey(config.jwt.previousPublicKeyPem)]
      : [];

    const nc = await connectEventBus(config.natsUrl, 'identity');
    teardown.add(() => nc.drain());
    await ensureStream(nc, 'identity', namespace, { replicas: config.streamReplicas });
    const store = new EventStore(nc, { context: 'identity', namespace });
    const jsm = await nc.jetstreamManager();

    const pool = await openProjectionDatabase(teardown, config.databaseUrl, logger, {
      max: 10,
      migrationsDir: migrationsDir(config.migrationsDir),
      migrate: config.migrateOnStart,
    });

    const redis: RedisClientType = createClient({ url: config.redisUrl, socket: { connectTimeout: 3000 } });
    redis.on('error', (e: Error) => logger.warn({ err: e }, 'redis connection error'));
    await redis.connect();
    teardown.add(() => redis.close());

    const redisPrefix = `${namespace ? `${namespace}:` : ''}parley:identity:`;
    const run = projectionStarter(teardown, { nc, pool, namespace, logger });
    const readModels = {
      users: await run(usersProjection),
      sessions: await run(sessionsProjection),
      settings: await run(settingsProjection),
      invites: await run(teamInvitesProjection),
      apiKeys: await run(apiKeysProjection),
    };

    const deps: IdentityDeps = {
      store,
      pool,
      logger,
      clock: options.clock ?? Date.now,
      secrets: { codeSecret: config.codeSecret, mailSealKey: config.mailSealKey },
      tokens: {
        signingKey,
        access: config.jwt,
        refreshTtlSeconds: config.refreshTokenTtlSeconds,
        reuseGraceSeconds: config.refreshReuseGraceSeconds,
      },
      backoff: new LoginBackoff(redis, redisPrefix),
      knownClients: new KnownClients(redis, redisPrefix, config.codeSecret),
      revocations: new SessionRevocations(redis, config.namespace, config.jwt.accessTokenTtlSeconds),
      decoyPasswordHash: await hashPassword(randomBytes(24).toString('base64url')),
      readModels,
      streamTail: async () => (await jsm.streams.info(store.stream)).state.last_seq,
    };
    await run(registrationReactor(deps));
    await run(revocationReactor(deps));
    if (config.admin) {
      // Before serving: the admin's profile must be readable as soon as the admin can log in.
      const admin = await bootstrapAdmin(deps, config.admin);
      await readModels.users.waitFor(admin.version, 30_000);
    }

    const isReady = () => !nc.isClosed() && redis.isReady;
    const Identity = loadService('identity/v1/identity.proto', 'parley.identity.v1.Identity');
    const grpc = await serveGrpc(teardown, {
      port: config.grpcPort,
      callerTokens: config.callerTokenSecret ? callerTokenVerifier(config.callerTokenSecret) : undefined,
      services: [
        { definition: Identity.service, implementation: identityService(deps, logger) },
        projectionsGrpcService(pool, namespace),
      ],
      isReady,
    });
    const http = await startHttpServer({
      port: config.httpPort,
      issuer: config.jwt.issuer,
      signingKey,
      previousKeys,
      isReady,
    });
    teardown.add(() => http.close());

    logger.info(
      {
        grpcPort: grpc.port,
        httpPort: http.port,
        namespace: namespace ?? '',
        kid: signingKey.kid,
        previousKids: previousKeys.map((k) => k.kid),
      },
      'identity started',
    );
    return { grpcPort: grpc.port, httpPort: http.port };
  });
}

/** The migrate entry (`main.js migrate`): the database created if missing and migrated, nothing started. */
export function migrateIdentity(config: { databaseUrl: string }, logger: Logger): Promise<string[]> {
  return migrateProjectionDatabase(config.databaseUrl, logger, migrationsDir(null));
}
