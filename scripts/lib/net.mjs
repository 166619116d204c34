// Small network probes shared by the runner: is a TCP port open, wait until something holds.
import { connect, createServer } from 'node:net';

/** True when something accepts TCP connections on host:port within `timeoutMs`. */
export function canConnect(port, host = '127.0.0.1', timeoutMs = 1000) {
  return new Promise((resolve) => {
    const socket = connect({ port, host });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** True when this process could listen on port (on all interfaces, as the programs do). */
export function isPortFree(port) {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen({ port, host: '0.0.0.0', exclusive: true }, () => server.close(() => resolve(true)));
  });
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Polls `check` until it returns a truthy value, `timeoutMs` passes, or `abort` (a promise) rejects.
 * `check` may throw; the last error is reported on timeout.
 */
export async function waitUntil(what, check, { timeoutMs = 60000, intervalMs = 250, abort } = {}) {
  const deadline = Date.now() + timeoutMs;
  let lastError;
  let aborted;
  abort?.catch((e) => {
    aborted = e;
  });
  for (;;) {
    if (aborted) throw aborted;
    try {
      const value = await check();
      if (value) return value;
    } catch (e) {
      lastError = e;
    }
    if (aborted) throw aborted;
    if (Date.now() > deadline) {
      const reason = lastError ? `: ${lastError.message ?? lastError}` : '';
      throw new Error(`timed out after ${Math.round(timeoutMs / 1000)}s waiting for ${what}${reason}`);
    }
    await sleep(intervalMs);
  }
}
