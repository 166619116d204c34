import { createLogger, type Logger } from '@parley/logger';
import { serveMetrics, setProgram } from '@parley/metrics';
import { startTracing, type TracingSettings } from '@parley/tracing';
import { Teardown } from './teardown';

export interface RunningProgram {
  stop(): Promise<void>;
}

/**
 * The life of every program's process: parse config, start, and stop once on SIGTERM/SIGINT.
 * Run with the argument `migrate`, a program with a database (`migration` given) applies its
 * migrations instead and exits 0.
 * A start-up failure exits 1 — a config error with its list of problems, anything else with its
 * stack, since that is what an operator needs to see. With `metricsPort` set it also serves
 * `GET /metrics` there, every series labelled with the program's name. With `tracing` set
 * (OTEL_EXPORTER_OTLP_ENDPOINT) it exports OpenTelemetry traces, the service named after the
 * program, and sends what is buffered before it exits.
 */
/** A program's `migrate` entry: its own (small) configuration and the step itself. */
export interface ProgramMigration<M extends { logLevel: string }> {
  loadConfig: () => M;
  /** Applies the migrations; returns the ones it applied. */
  run: (config: M, logger: Logger) => Promise<string[]>;
}

export function runProgram<
  C extends { logLevel: string; metricsPort?: number; tracing?: TracingSettings },
  M extends { logLevel: string } = { logLevel: string },
>(
  name: string,
  loadConfig: () => C,
  start: (config: C, logger: Logger) => Promise<RunningProgram>,
  migration?: ProgramMigration<M>,
): void {
  const main = async () => {
    // `main.js migrate`: the program's migrate entry (an init container or Job in production, the
    // same image); it reads only what migrating needs, applies the migrations and exits.
    if (process.argv[2] === 'migrate') {
      if (!migration) throw new Error(`${name} has no database to migrate`);
      const config = migration.loadConfig();
      const logger = createLogger(name, config.logLevel);
      const applied = await migration.run(config, logger);
      logger.info({ applied }, applied.length ? 'migrations applied' : 'database already up to date');
      // Exit once the line above is written.
      setImmediate(() => process.exit(0));
      return;
    }
    const config = loadConfig();
    const logger = createLogger(name, config.logLevel);
    setProgram(name);
    // Before start: the clients and servers it opens find the tracer provider registered.
    const tracing = startTracing(name, config.tracing);
    if (config.tracing) logger.info({ traces: config.tracing.tracesUrl }, 'exporting traces by OTLP');
    const program = await start(config, logger);
    const metrics = new Teardown(logger);
    if (config.metricsPort !== undefined) {
      const { port } = await serveMetrics(metrics, { port: config.metricsPort });
      logger.info({ metricsPort: port }, 'metrics at /metrics');
    }
    let stopping = false;
    const stop = (signal: string) => {
      if (stopping) return;
      stopping = true;
      logger.info({ signal }, 'stopping');
      // Traces last: the spans of the drain are sent too.
      Promise.all([program.stop(), metrics.run()])
        .then(() => tracing.shutdown())
        .then(
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
export { sharedAsk, sharedAskPerKey } from './shared-ask';
