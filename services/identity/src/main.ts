import { createLogger } from '@parley/logger';
import { loadConfig } from './config';
import { startIdentity } from './start';

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger('identity', config.logLevel);
  const identity = await startIdentity(config, logger);
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping');
    identity.stop().then(
      () => process.exit(0),
      (e: unknown) => {
        logger.error({ err: e }, 'stop failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((e: unknown) => {
  // Config errors list every problem; anything else is a start-up failure worth its stack.
  console.error(e instanceof Error ? (e.name === 'ConfigError' ? e.message : e.stack) : e);
  process.exit(1);
});
