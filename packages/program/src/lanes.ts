/**
 * Serial lanes with a shared bound: tasks of one lane run one after another in the order they
 * were given, tasks of different lanes run side by side, at most `concurrency` at once (no bound
 * by default). A lane waiting for a slot keeps its place in line (first come, first served).
 * The assistant's reactor runs one lane per customer; billing one per account and period.
 */
export class Lanes {
  private readonly tails = new Map<string, Promise<void>>();
  private readonly queued: (() => void)[] = [];
  private running = 0;

  constructor(private readonly concurrency = Number.POSITIVE_INFINITY) {
    if (concurrency !== Number.POSITIVE_INFINITY && (!Number.isInteger(concurrency) || concurrency < 1)) {
      throw new RangeError(`concurrency must be a positive integer, got ${concurrency}`);
    }
  }

  /** Runs `task` after every task given to `lane` before it; rejects with the task's error. */
  run<T>(lane: string, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(lane) ?? Promise.resolve();
    const result = previous.then(() => this.withSlot(task));
    // A failed task does not stop the lane: its caller hears of the failure, the next task runs.
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(lane, tail);
    void tail.then(() => {
      if (this.tails.get(lane) === tail) this.tails.delete(lane);
    });
    return result;
  }

  /** Lanes with a task running or waiting. */
  get size(): number {
    return this.tails.size;
  }

  /** Resolves once every task given so far (and any given meanwhile) has finished. */
  async idle(): Promise<void> {
    while (this.tails.size > 0) await Promise.all([...this.tails.values()]);
  }

  private async withSlot<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) await new Promise<void>((resolve) => this.queued.push(resolve));
    else this.running++;
    try {
      return await task();
    } finally {
      // The slot passes straight to the next in line, or is given back.
      const next = this.queued.shift();
      if (next) next();
      else this.running--;
    }
  }
}
