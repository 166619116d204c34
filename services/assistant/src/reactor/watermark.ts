/**
 * Where a restart may resume when events finish out of order: the highest stream sequence with
 * every sequence up to it finished. Events of other rooms finish before a slow one; the slow
 * one holds the watermark back until it is done.
 */
export class Watermark {
  private readonly pending = new Set<number>();
  private highest: number;

  constructor(position: number) {
    this.highest = position;
  }

  /** Everything up to here is finished. */
  get position(): number {
    if (this.pending.size === 0) return this.highest;
    let lowest = Number.POSITIVE_INFINITY;
    for (const seq of this.pending) if (seq < lowest) lowest = seq;
    return lowest - 1;
  }

  /**
   * True when `seq` was begun before: finished, or being worked on (a redelivery of it needs
   * nothing). Sequences are begun in stream order, so one below the highest was begun.
   */
  seen(seq: number): boolean {
    return seq <= this.highest;
  }

  /** True while `seq` is being worked on. */
  working(seq: number): boolean {
    return this.pending.has(seq);
  }

  begin(seq: number): void {
    this.pending.add(seq);
    if (seq > this.highest) this.highest = seq;
  }

  finish(seq: number): void {
    this.pending.delete(seq);
    if (seq > this.highest) this.highest = seq;
  }
}
