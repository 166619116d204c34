import { LRUCache } from 'lru-cache';
import type { HeldEvent } from './held-event';

interface Entry {
  events: readonly HeldEvent[];
  /** A state folded from exactly `events`, by the decider `key`. */
  folded?: { key: object; state: unknown };
}

/**
 * Recently stored aggregates' histories (lru-cache; a load that finds one stores it again, so
 * it counts as a use), least recently stored evicted first. It holds each event's payload as
 * stored (held-event.ts), which readers decode afresh: a caller mutating an event it was handed
 * cannot corrupt what the next caller sees, and an append adds its events without copying them.
 * Beside a history it may hold the state a decider folded from it, so that the next command on
 * the aggregate neither copies nor folds the history again.
 */
export class HistoryCache {
  private readonly entries: LRUCache<string, Entry> | undefined;

  constructor(capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 0)
      throw new RangeError(`cacheSize must be an integer >= 0, got ${capacity}`);
    // lru-cache needs room for one at least; a capacity of 0 keeps nothing.
    this.entries = capacity > 0 ? new LRUCache<string, Entry>({ max: capacity }) : undefined;
  }

  /**
   * The cached history of `subject` as a fresh array, if it is a prefix of what the log holds
   * now (last sequence `lastSeq`, whose msgID is `lastId`); [] when nothing usable is cached.
   */
  validPrefix(subject: string, lastSeq: number, lastId: string | undefined): HeldEvent[] {
    const cached = this.entries?.peek(subject)?.events;
    const tail = cached?.[cached.length - 1];
    if (!cached || !tail) return [];
    const stillValid =
      tail.sequence < lastSeq ||
      (tail.sequence === lastSeq && (lastId === undefined || tail.eventId === lastId));
    if (!stillValid) {
      // The log is shorter than what we saw, or differs at the tail: the stream was recreated.
      this.entries?.delete(subject);
      return [];
    }
    return cached.slice();
  }

  /** The cached history itself (not a copy; its events are immutable), if there is one. */
  peek(subject: string): readonly HeldEvent[] | undefined {
    const cached = this.entries?.peek(subject)?.events;
    return cached && cached.length > 0 ? cached : undefined;
  }

  /** Stores `events` (the cache owns the array from now on). */
  set(subject: string, events: readonly HeldEvent[]): void {
    this.entries?.set(subject, { events });
  }

  /**
   * After an append that expected `expectedVersion`: the appended events continue the cached
   * history if it ended exactly there (or there was none and the aggregate was new).
   */
  extend(subject: string, expectedVersion: number, appended: readonly HeldEvent[]): void {
    const cached = this.entries?.peek(subject)?.events ?? (expectedVersion === 0 ? [] : undefined);
    if (!cached) return;
    const tailSeq = cached[cached.length - 1]?.sequence ?? 0;
    if (tailSeq !== expectedVersion) return; // the next load reads forward from the log
    this.set(subject, [...cached, ...appended]);
  }

  /** The state `key` folded from the cached history as it is now, if one is held. */
  folded(subject: string, key: object): unknown {
    const entry = this.entries?.peek(subject);
    return entry?.folded?.key === key ? entry.folded.state : undefined;
  }

  /** Holds `state`, folded by `key` up to `version`, if the cached history ends exactly there. */
  keepFolded(subject: string, key: object, version: number, state: unknown): void {
    const entry = this.entries?.peek(subject);
    if (entry && entry.events[entry.events.length - 1]?.sequence === version) entry.folded = { key, state };
  }

  delete(subject: string): void {
    this.entries?.delete(subject);
  }
}
