// A stack run in the foreground of a terminal (npm start): Ctrl-C or SIGTERM stops everything it
// started, whether it is still starting, running, or waiting to restart a program, then exits.
/**
 * @param {{ start: (signal: AbortSignal) => Promise<{ stop(): Promise<void> }>,
 *           log?: (line: string) => void, error?: (line: string) => void,
 *           exit?: (code: number) => void }} options
 */
export async function runInForeground({
  start,
  log = (line) => console.log(line),
  error = (line) => console.error(line),
  exit = (code) => process.exit(code),
}) {
  let running = null;
  let stopping = false;
  const startup = new AbortController();

  async function shutdown(code) {
    if (stopping) return;
    stopping = true;
    // Still starting: the start stops what it started and rejects; the catch below exits.
    if (!running) return startup.abort();
    log('[stack] stopping…');
    await running.stop();
    log('[stack] stopped');
    exit(code);
  }

  process.on('SIGINT', () => shutdown(0));
  process.on('SIGTERM', () => shutdown(0));

  try {
    running = await start(startup.signal);
    log('[stack] a program that exits is started again; press Ctrl-C to stop everything');
  } catch (e) {
    if (startup.signal.aborted) {
      log('[stack] stopped');
      return exit(0);
    }
    error(`\n[stack] start-up failed: ${e instanceof Error ? e.message : e}`);
    exit(1);
  }
}
