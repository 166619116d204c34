// When to start a program again after it exited, as Kubernetes does for a crashing container:
// the delay doubles with each exit in a row up to a ceiling, and starts over once the program has
// stayed up for a while. Smaller numbers than the kubelet's (10 s to 5 min, reset after 10 min):
// on a developer's machine a crash should be retried in seconds.

export const DEFAULT_RESTART_BACKOFF = { initialMs: 1000, maxMs: 30000, resetAfterMs: 60000 };

export class RestartBackoff {
  /** @param policy {{ initialMs: number, maxMs: number, resetAfterMs: number }} */
  constructor(policy = DEFAULT_RESTART_BACKOFF) {
    for (const key of ['initialMs', 'maxMs', 'resetAfterMs']) {
      if (!Number.isFinite(policy[key]) || policy[key] < 0)
        throw new RangeError(`${key} must be a number >= 0`);
    }
    this.policy = policy;
    this.inARow = 0;
  }

  /** The delay before the next start, given how long the program ran this time. */
  next(ranForMs) {
    if (ranForMs >= this.policy.resetAfterMs) this.inARow = 0;
    const delay = Math.min(this.policy.maxMs, this.policy.initialMs * 2 ** this.inARow);
    this.inARow += 1;
    return delay;
  }
}
