// A program that is started again when it exits (with RestartBackoff), until it is stopped: what
// the local runner does for every program once the stack is up, as Kubernetes restarts a
// container. Stopping it also cancels a restart that is waiting.
import { describeExit, startChild } from './child.mjs';
import { RestartBackoff } from './restart-backoff.mjs';

/**
 * @param first   the running child (startChild's handle)
 * @param spec    startChild's options, to start it again (its log file is appended to)
 * @param options { policy?, onExit?(description, delayMs, lastLines), onRestart?(child, restarts), now?() }
 * @returns { name, pid, restarts, current(), running(), lastLines(n), stop(graceMs) }
 */
export function superviseChild(first, spec, options = {}) {
  const backoff = new RestartBackoff(options.policy);
  const now = options.now ?? Date.now;
  let current = first;
  let startedAt = now();
  let restarts = 0;
  let stopped = false;
  let pending = null;

  const watch = (child) => {
    child.exited.then((info) => {
      if (stopped || child !== current) return;
      const delayMs = backoff.next(now() - startedAt);
      options.onExit?.(`${spec.name} ${describeExit(info)}`, delayMs, child.lastLines(40));
      pending = setTimeout(() => {
        pending = null;
        if (stopped) return;
        current = startChild({ ...spec, appendLog: true });
        startedAt = now();
        restarts += 1;
        options.onRestart?.(current, restarts);
        watch(current);
      }, delayMs);
    });
  };
  watch(first);

  return {
    name: spec.name,
    get pid() {
      return current.pid;
    },
    get restarts() {
      return restarts;
    },
    current: () => current,
    running: () => current.running(),
    lastLines: (n) => current.lastLines(n),
    async stop(graceMs) {
      stopped = true;
      if (pending) clearTimeout(pending);
      pending = null;
      return current.stop(graceMs);
    },
  };
}
