import { join } from 'node:path';
import { connect } from 'nats';
import { Pool } from 'pg';
import { ensureDatabase, migrate } from '@parley/db';
import { EventStore, ensureStream } from '@parley/eventstore';
import { loadService, startGrpcServer } from '@parley/grpc';
import type { Logger } from '@parley/logger';
import { ensureProjectionSchema, startProjection, type Projection } from '@parley/projections';
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
export async function startDomains(
  config: DomainsConfig,
  logger: Logger,
  options: StartOptions = {},
): Promise<Domains> {
  // Undone in reverse if start-up fails half-way, and on stop.
  const teardown: Array<() => Promise<void> | void> = [];
  const stopAll = async () => {
    for (const step of teardown.splice(0).reverse()) {
      try {
        await step();
      } catch (e) {
        logger.warn({ err: e }, 'error while stopping');
      }
    }
  };

  try {
    await ensureDatabase(config.databaseUrl);
    const pool = new Pool({ connectionString: config.databaseUrl, max: 10 });
    pool.on('error', (e) => logger.warn({ err: e }, 'idle database connection failed'));
    teardown.push(() => pool.end());
    await migrate(pool, MIGRATIONS_DIR);
    await ensureProjectionSchema(pool);

    const nc = await connect({
      servers: config.natsUrl,
      name: 'domains',
      maxReconnectAttempts: -1,
      noAsyncTraces: true,
    });
    teardown.push(() => nc.drain());

    const namespace = config.eventNamespace || undefined;
    await ensureStream(nc, 'domains', namespace);
    const run = async (projection: Projection) => {
      const runner = await startProjection({ nc, pool, projection, namespace, logger });
      teardown.push(() => runner.stop());
      return runner;
    };
    await run(accountPlansProjection);
    const deps: DomainsDeps = {
      store: new EventStore(nc, { context: 'domains', namespace }),
      pool,
      logger: logger.child({ component: 'domains' }),
      clock: options.clock ?? Date.now,
      readModels: { domains: await run(domainsProjection) },
    };

    const Service = loadService('domains/v1/domains.proto', 'parley.domains.v1.Domains');
    const grpc = await startGrpcServer({
      port: config.grpcPort,
      services: [{ definition: Service.service, implementation: domainsService(deps, logger) }],
      isReady: () => !nc.isClosed(),
    });
    teardown.push(() => grpc.shutdown());

    logger.info({ grpcPort: grpc.port, namespace }, 'domains started');
    let stopping: Promise<void> | undefined;
    return { grpcPort: grpc.port, stop: () => (stopping ??= stopAll()) };
  } catch (e) {
    await stopAll();
    throw e;
  }
}
