import { join } from 'node:path';
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
import type { DomainsDeps } from './app/deps';
import type { DomainsConfig } from './config';
import { domainsService } from './grpc/domains-service';
import { accountPlansProjection } from './projections/account-plans/projection';
import { domainsProjection } from './projections/domains/projection';

/** Beside src/ and beside dist/ alike, so the bundled program finds them too. */
const MIGRATIONS_DIR = join(__dirname, '..', 'migrations');

export interface Domains {
  grpcPort: number;
  stop(): Promise<void>;
}

export interface StartOptions {
  /** Epoch milliseconds; tests move it to age a half-finished add. */
  clock?: () => number;
}

/**
 * Wires the service: its database (created and migrated), the DOMAINS stream, the read models
 * (its own domains, and the plan limits billing announces), and the gRPC server.
 */
export function startDomains(
  config: DomainsConfig,
  logger: Logger,
  options: StartOptions = {},
): Promise<Domains> {
  return startWithTeardown(logger, async (teardown) => {
    const pool = await openProjectionDatabase(teardown, config.databaseUrl, logger, {
      max: 10,
      migrationsDir: MIGRATIONS_DIR,
      migrate: config.migrateOnStart,
    });

    const nc = await connectEventBus(config.natsUrl, 'domains');
    teardown.add(() => nc.drain());

    const namespace = config.eventNamespace || undefined;
    await ensureStream(nc, 'domains', namespace, { replicas: config.streamReplicas });
    const run = projectionStarter(teardown, { nc, pool, namespace, logger });
    await run(accountPlansProjection);
    const deps: DomainsDeps = {
      store: new EventStore(nc, { context: 'domains', namespace }),
      pool,
      logger: logger.child({ component: 'domains' }),
      clock: options.clock ?? Date.now,
      readModels: { domains: await run(domainsProjection) },
    };

    const Service = loadService('domains/v1/domains.proto', 'parley.domains.v1.Domains');
    const grpc = await serveGrpc(teardown, {
      port: config.grpcPort,
      callerTokens: config.callerTokenSecret ? callerTokenVerifier(config.callerTokenSecret) : undefined,
      services: [
        { definition: Service.service, implementation: domainsService(deps, logger) },
        projectionsGrpcService(pool, namespace),
      ],
      isReady: () => !nc.isClosed(),
    });

    logger.info({ grpcPort: grpc.port, namespace }, 'domains started');
    return { grpcPort: grpc.port };
  });
}

/** The migrate entry (`main.js migrate`): the database created if missing and migrated, nothing started. */
export function migrateDomains(config: { databaseUrl: string }, logger: Logger): Promise<string[]> {
  return migrateProjectionDatabase(config.databaseUrl, logger, MIGRATIONS_DIR);
}
