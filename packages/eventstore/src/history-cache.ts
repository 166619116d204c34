import type { DomainEvent, RecordedEvent } from './api';

/**
 * Recently used aggregates' histories, least recently used evicted first. Entries are private:
 * load() hands out copies, so a caller mutating an event cannot corrupt what the next caller sees.
 */
export class HistoryCache {
  private readonly entries = new Map<string, RecordedEvent[]>();

  constructor(private readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 0)
      throw new RangeError(`cacheSize must be an integer >= 0, got ${capacity}`);
  }

  /**
   * The cached history of `subject` as a fresh array, if it is a prefix of what the log holds
   * now (last sequence `lastSeq`, whose msgID is `lastId`); [] when nothing usable is cached.
   */
  validPrefix<E extends DomainEvent>(
    subject: string,
    lastSeq: number,
    lastId: string | undefined,
  ): RecordedEvent<E>[] {
    const cached = this.entries.get(subject);
    const tail = cached?.[cached.length - 1];
    if (!cached || !tail) return [];
    const stillValid =
      tail.sequence < lastSeq ||
      (tail.sequence === lastSeq && (lastId === undefined || tail.eventId === lastId));
    if (!stillValid) {
      // The log is shorter than what we saw, or differs at the tail: the stream was recreated.
      this.entries.delete(subject);
      return [];
    }
    return cached.slice() as RecordedEvent<E>[];
  }

  /** Stores `events` (the cache owns the array and its events from now on). */
  set(subject: string, events: RecordedEvent[]): void {
    if (this.capacity === 0) return;
    this.entries.delete(subject);
    this.entries.set(subject, events);
    while (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  /**
   * After an append that expected `expectedVersion`: the appended events continue the cached
   * history if it ended exactly there (or there was none and the aggregate was new).
   */
  extend(subject: string, expectedVersion: number, appended: RecordedEvent[]): void {
    const cached = this.entries.get(subject) ?? (expectedVersion === 0 ? [] : undefined);
    if (!cached) return;
    const tailSeq = cached[cached.length - 1]?.sequence ?? 0;
    if (tailSeq !== expectedVersion) return; // the next load reads forward from the log
    this.set(subject, [...cached, ...structuredClone(appended)]);
  }

  delete(subject: string): void {
    this.entries.delete(subject);
  }
}
