import { Teardown, type TeardownLogger } from './teardown';

/**
 * A program's start-up with the Teardown it registers what it opens on. Hands back what `start`
 * returns with a stop that undoes it all; if `start` fails half-way, what it had opened is undone
 * before the error goes on, so nothing is left running.
 */
export async function startWithTeardown<T extends object>(
  logger: TeardownLogger,
  start: (teardown: Teardown) => Promise<T>,
): Promise<T & { stop(): Promise<void> }> {
  const teardown = new Teardown(logger);
  try {
    const started = await start(teardown);
    return { ...started, stop: () => teardown.run() };
  } catch (e) {
    await teardown.run();
    throw e;
  }
}
