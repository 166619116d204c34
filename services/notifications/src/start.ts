import { join } from 'node:path';
import { connect } from 'nats';
import { Pool } from 'pg';
import { ensureDatabase, migrate } from '@parley/db';
import { startGrpcServer } from '@parley/grpc';
import type { Logger } from '@parley/logger';
import { ensureProjectionSchema, startProjection } from '@parley/projections';
import type { NotificationsConfig } from './config';
import { startMailSender } from './mail/sender';
import { mailTemplates } from './mail/templates';
import { createSmtpTransport } from './mail/transport';
import { listenForOutbox } from './outbox/outbox-listener';
import { signupMailProjection } from './projections/signup-mail-projection';

/** Beside src/ and beside dist/ alike, so the bundled program finds them too. */
const MIGRATIONS_DIR = join(__dirname, '..', 'migrations');

export interface Notifications {
  grpcPort: number;
  stop(): Promise<void>;
}

/**
 * Wires the service: its database (created and migrated), the identity events it turns into
 * outbox rows, the sender that delivers them, and a gRPC server (health only for now).
 */
export async function startNotifications(
  config: NotificationsConfig,
  logger: Logger,
): Promise<Notifications> {
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

    const nc = await connect({ servers: config.natsUrl, name: 'notifications', maxReconnectAttempts: -1, noAsyncTraces: true });
    teardown.push(() => nc.drain());

    const transport = createSmtpTransport(config.smtpUrl);
    teardown.push(() => transport.close());
    const sender = startMailSender({
      pool,
      transport,
      templates: mailTemplates,
      sealKey: config.mailSealKey,
      from: config.mailFrom,
      policy: config.delivery,
      logger: logger.child({ component: 'mail-sender' }),
    });
    teardown.push(() => sender.stop());
    const listener = listenForOutbox(
      config.databaseUrl,
      () => sender.wake(),
      logger.child({ component: 'outbox-listener' }),
    );
    teardown.push(() => listener.stop());

    const projection = await startProjection({
      nc,
      pool,
      projection: signupMailProjection(),
      namespace: config.eventNamespace || undefined,
      logger,
      // The outbox row leads to a mail: a commit lost in a database crash could mean a second one.
      synchronousCommit: true,
    });
    teardown.push(() => projection.stop());

    const grpc = await startGrpcServer({
      port: config.grpcPort,
      services: [],
      isReady: () => !nc.isClosed(),
    });
    teardown.push(() => grpc.shutdown());

    logger.info(
      { grpcPort: grpc.port, namespace: config.eventNamespace || undefined },
      'notifications started',
    );
    let stopping: Promise<void> | undefined;
    return {
      grpcPort: grpc.port,
      stop: () => (stopping ??= stopAll()),
    };
  } catch (e) {
    await stopAll();
    throw e;
  }
}
