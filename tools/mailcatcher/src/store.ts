import type { CaughtMessage } from './message';

/** The last `capacity` messages, in memory, newest first. */
export class MessageStore {
  private messages: CaughtMessage[] = [];

  constructor(private readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new Error('capacity must be a positive integer');
  }

  add(message: CaughtMessage): void {
    this.messages.unshift(message);
    if (this.messages.length > this.capacity) this.messages.length = this.capacity;
  }

  /** Newest first; `to` keeps only messages delivered to that address (case-insensitive). */
  list(filter: { to?: string } = {}): CaughtMessage[] {
    const to = filter.to?.trim().toLowerCase();
    return to ? this.messages.filter((m) => m.to.includes(to)) : [...this.messages];
  }

  get(id: string): CaughtMessage | undefined {
    return this.messages.find((m) => m.id === id);
  }

  clear(): number {
    const count = this.messages.length;
    this.messages = [];
    return count;
  }

  get size(): number {
    return this.messages.length;
  }
}
