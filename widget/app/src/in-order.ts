/**
 * Runs callbacks no sooner than a given moment and always in the order they were given. A timer
 * per callback does not keep that order: each delay is worked out from the clock when it is set,
 * so two replies held until the same moment could fire either way round (seen: a turn's
 * question showed above the bot's thanks that came before it).
 */
export interface InOrder {
  /** Runs `run` at `at` (ms, as `now` counts) or later, after every callback given before it. */
  runAt(at: number, run: () => void): void;
  /** Drops what has not run yet. */
  cancel(): void;
}

export function inArrivalOrder(now: () => number = Date.now): InOrder {
  const queue: { at: number; run: () => void }[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;

  const drain = () => {
    timer = null;
    while (queue.length > 0) {
      const next = queue[0]!;
      const wait = next.at - now();
      if (wait > 0) {
        timer = setTimeout(drain, wait);
        return;
      }
      queue.shift();
      next.run();
    }
  };

  return {
    runAt(at, run) {
      queue.push({ at, run });
      // A callback waiting already: this one runs after it, from the same drain.
      if (timer === null && queue.length === 1) drain();
    },
    cancel() {
      if (timer !== null) clearTimeout(timer);
      timer = null;
      queue.length = 0;
    },
  };
}
