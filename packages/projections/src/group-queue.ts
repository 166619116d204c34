export interface GroupQueueOptions<T> {
  /** The most items one `apply` gets. */
  maxGroup: number;
  /** `add` asks its caller to wait once this many are waiting. */
  maxWaiting: number;
  /** Applies one group, in order; a throw stops the queue (see `failed`). */
  apply(group: T[]): Promise<void>;
  /** Called once, with what `apply` threw; items still waiting are dropped. */
  failed(error: unknown): void;
  /**
   * Under a steady stream of items, how long a group waits for more before it is applied: an
   * item that comes within this long of the last group's end (the queue is busy) waits up to
   * this long, one that comes after a quiet spell is applied at once. 0 never waits.
   */
  lingerMs?: number;
  /** The clock (tests). */
  now?: () => number;
}

/**
 * Group commit: items added while the previous group is being applied wait and go together in
 * the next group. At rest each item is applied alone and at once; under load one `apply` carries
 * everything that arrived during the last one, so its fixed cost (a transaction's round trips)
 * is shared instead of paid per item.
 */
export class GroupQueue<T> {
  private readonly waiting: T[] = [];
  private draining: Promise<void> | undefined;
  private failure: { error: unknown } | undefined;
  /** When the last group's apply ended (the clock's ms); -Infinity before the first. */
  private lastEnd = -Infinity;
  private readonly now: () => number;
  private readonly lingerMs: number;

  constructor(private readonly o: GroupQueueOptions<T>) {
    if (!Number.isInteger(o.maxGroup) || o.maxGroup < 1)
      throw new RangeError('maxGroup must be a positive integer');
    if (!Number.isInteger(o.maxWaiting) || o.maxWaiting < 1)
      throw new RangeError('maxWaiting must be a positive integer');
    if (o.lingerMs !== undefined && !(o.lingerMs >= 0 && Number.isFinite(o.lingerMs)))
      throw new RangeError('lingerMs must be a finite number of 0 or more');
    this.lingerMs = o.lingerMs ?? 0;
    this.now = o.now ?? (() => performance.now());
  }

  /**
   * Queues `item`. Returns a promise when the caller should wait for the queue to empty before
   * adding more; throws what stopped the queue if it has failed.
   */
  add(item: T): Promise<void> | undefined {
    if (this.failure) throw this.failure.error;
    this.waiting.push(item);
    this.draining ??= this.drain();
    return this.waiting.length >= this.o.maxWaiting ? this.draining : undefined;
  }

  /** Resolves once everything added is applied; rejects with what stopped the queue. */
  async settled(): Promise<void> {
    while (this.draining) await this.draining;
    if (this.failure) throw this.failure.error;
  }

  private async drain(): Promise<void> {
    const { lingerMs } = this;
    try {
      if (lingerMs > 0 && this.now() - this.lastEnd < lingerMs && this.waiting.length < this.o.maxGroup)
        await new Promise((resolve) => setTimeout(resolve, lingerMs));
      while (this.waiting.length > 0) {
        await this.o.apply(this.waiting.splice(0, this.o.maxGroup));
        this.lastEnd = this.now();
      }
    } catch (e) {
      this.failure = { error: e };
      this.waiting.length = 0;
      this.o.failed(e);
    } finally {
      this.draining = undefined;
    }
  }
}
