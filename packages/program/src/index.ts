import { createLogger, type Logger } from '@parley/logger';

export interface RunningProgram {
  stop(): Promise<void>;
}

/**
 * The life of every program's process: parse config, start, and stop once on SIGTERM/SIGINT.
 * A start-up failure exits 1 — a config error with its list of problems, anything else with its
 * stack, since that is what an operator needs to see.
 */
export function runProgram<C extends { logLevel: string }>(
  name: string,
  loadConfig: () => C,
  start: (config: C, logger: Logger) => Promise<RunningProgram>,
): void {
  const main = async () => {
    const config = loadConfig();
    const logger = createLogger(name, config.logLevel);
    const program = await start(config, logger);
    let stopping = false;
    const stop = (signal: string) => {
      if (stopping) return;
      stopping = true;
      logger.info({ signal }, 'stopping');
      program.stop().then(
        () => process.exit(0),
        (error: unknown) => {
          logger.error({ err: error }, 'stop failed');
          process.exit(1);
        },
      );
    };
    process.on('SIGTERM', () => stop('SIGTERM'));
    process.on('SIGINT', () => stop('SIGINT'));
  };
  main().catch((error: unknown) => {
    console.error(
      error instanceof Error ? (error.name === 'ConfigError' ? error.message : error.stack) : error,
    );
    process.exit(1);
  });
}
export { Teardown, type TeardownStep, type TeardownLogger } from './teardown';
export { startWithTeardown } from './start-with-teardown';
export { Lanes } from './lanes';
