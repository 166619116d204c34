import { createLogger } from '@parley/logger';
import { loadConfig } from './config';
import { startNotifications } from './start';

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger('notifications', config.logLevel);
  const service = await startNotifications(config, logger);
  const shutdown = (signal: string) => {
    logger.info({ signal }, 'stopping');
    service.stop().then(
      () => process.exit(0),
      (e: unknown) => {
        logger.error({ err: e }, 'stop failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
