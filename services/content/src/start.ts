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
import type { ContentDeps } from './app/deps';
import type { ContentConfig } from './config';
import { contentService } from './grpc/content-service';
import { editorialService } from './grpc/editorial-service';
import { accountDomainsProjection } from './projections/account-domains';
import { contentItemsProjection } from './projections/content-items';
import { editorialProjection } from './projections/editorial';
import {
  accountPlansProjection,
  monthlyActivityProjection,
  platformUsersProjection,
} from './projections/platform-overview';

/** A CV (5 MB) and its request's other fields fit; grpc-js takes 4 MiB by default. */
const MAX_MESSAGE_BYTES = 8 * 1024 * 1024;

/** Beside src/ and beside dist/ alike, so the bundled program finds them too. */
const MIGRATIONS_DIR = join(__dirname, '..', 'migrations');

export interface Content {
  grpcPort: number;
  stop(): Promise<void>;
}

/**
 * Wires the service: its database (created and migrated), the domains it hears of from the
 * domains service, its own stream and read model of products, help articles and appointment
 * types, and the gRPC server.
 */
export function startContent(config: ContentConfig, logger: Logger): Promise<Content> {
  return startWithTeardown(logger, async (teardown) => {
    const pool = await openProjectionDatabase(teardown, config.databaseUrl, logger, {
      max: 10,
      migrationsDir: MIGRATIONS_DIR,
      migrate: config.migrateOnStart,
    });

    const nc = await connectEventBus(config.natsUrl, 'content');
    teardown.add(() => nc.drain());

    const namespace = config.eventNamespace || undefined;
    const run = projectionStarter(teardown, { nc, pool, namespace, logger });
    await run(accountDomainsProjection);
    // The Admin Overview's counts, from identity's, billing's and conversations' events.
    await run(platformUsersProjection);
    await run(accountPlansProjection);
    await run(monthlyActivityProjection);
    await ensureStream(nc, 'content', namespace, { replicas: config.streamReplicas });
    const deps: ContentDeps = {
      pool,
      store: new EventStore(nc, { context: 'content', namespace }),
      items: await run(contentItemsProjection),
      editorial: await run(editorialProjection),
      clock: () => new Date(),
    };

    const Service = loadService('content/v1/content.proto', 'parley.content.v1.Content');
    const Editorial = loadService('content/v1/editorial.proto', 'parley.content.v1.Editorial');
    const grpc = await serveGrpc(teardown, {
      port: config.grpcPort,
      callerTokens: config.callerTokenSecret ? callerTokenVerifier(config.callerTokenSecret) : undefined,
      services: [
        { definition: Service.service, implementation: contentService(deps, logger) },
        { definition: Editorial.service, implementation: editorialService(deps, logger) },
        projectionsGrpcService(pool, namespace),
      ],
      isReady: () => !nc.isClosed(),
      maxMessageBytes: MAX_MESSAGE_BYTES,
    });

    logger.info({ grpcPort: grpc.port, namespace }, 'content started');
    return { grpcPort: grpc.port };
  });
}

/** The migrate entry (`main.js migrate`): the database created if missing and migrated, nothing started. */
export function migrateContent(config: { databaseUrl: string }, logger: Logger): Promise<string[]> {
  return migrateProjectionDatabase(config.databaseUrl, logger, MIGRATIONS_DIR);
}
