/**
 * Polls `check` until it returns without throwing (its value is returned) or `timeoutMs` passes
 * (its last error is thrown). For waiting on another process's work without fixed sleeps.
 */
export async function eventually<T>(
  check: () => Promise<T>,
  timeoutMs = 20_000,
  intervalMs = 100,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (e) {
      if (Date.now() > deadline) throw e;
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  }
}
