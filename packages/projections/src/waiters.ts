/** Promises waiting for a position to reach a sequence; resolved as the position advances. */
export class PositionWaiters {
  private waiting: {
    sequence: number;
    resolve: () => void;
    reject: (e: Error) => void;
    timer: NodeJS.Timeout;
  }[] = [];
  private current = 0;

  get position(): number {
    return this.current;
  }

  advance(position: number): void {
    if (position <= this.current) return;
    this.current = position;
    const still: typeof this.waiting = [];
    for (const w of this.waiting) {
      if (w.sequence <= position) {
        clearTimeout(w.timer);
        w.resolve();
      } else still.push(w);
    }
    this.waiting = still;
  }

  /** Moves the position back (reset/rebuild): only used when the runner re-reads its checkpoint. */
  set(position: number): void {
    this.current = position;
    this.advance(position);
  }

  waitFor(sequence: number, timeoutMs: number, describe: () => string): Promise<void> {
    if (!Number.isFinite(sequence)) return Promise.reject(new RangeError(`invalid sequence ${sequence}`));
    if (sequence <= this.current) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const entry = {
        sequence,
        resolve,
        reject,
        timer: setTimeout(() => {
          this.waiting = this.waiting.filter((w) => w !== entry);
          reject(
            new Error(
              `timed out after ${timeoutMs} ms waiting for ${describe()} to reach ${sequence} (at ${this.current})`,
            ),
          );
        }, timeoutMs),
      };
      this.waiting.push(entry);
    });
  }

  /** The highest sequence anyone waits for, if someone waits beyond the position. */
  highestWaiting(): number | undefined {
    let top: number | undefined;
    for (const w of this.waiting)
      if (w.sequence > this.current && (top === undefined || w.sequence > top)) top = w.sequence;
    return top;
  }

  /**
   * Resolves waiters for sequences below `limit` without moving the position: used when nothing
   * the projection consumes lies between the position and `limit`.
   */
  satisfyBelow(limit: number): void {
    const still: typeof this.waiting = [];
    for (const w of this.waiting) {
      if (w.sequence < limit) {
        clearTimeout(w.timer);
        w.resolve();
      } else still.push(w);
    }
    this.waiting = still;
  }

  rejectAll(reason: string): void {
    for (const w of this.waiting) {
      clearTimeout(w.timer);
      w.reject(new Error(reason));
    }
    this.waiting = [];
  }
}
