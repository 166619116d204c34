import { createLogger } from '@parley/logger';
import { loadGatewayConfig } from './config';
import { startGateway } from './start';

async function main(): Promise<void> {
  const config = loadGatewayConfig();
  const logger = createLogger('gateway', config.logLevel);
  const gateway = await startGateway(config, logger);

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    gateway.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
