import { LRUCache } from 'lru-cache';

/**
 * Verified tokens by their exact text, until they expire: a widget sends the same token with
 * every message, and checking its signature again is most of what the gateway does for a POST.
 * Bounded (least recently used dropped first) so a flood of distinct tokens costs only re-checks.
 * Only tokens that verified are kept; a hit is trusted while `now` is before the token's `exp`.
 */
export class VerifiedCache<T extends { expiresAt: number }> {
  private readonly entries: LRUCache<string, T> | undefined;

  constructor(
    capacity: number,
    private readonly now: () => number = Date.now,
  ) {
    if (!Number.isInteger(capacity) || capacity < 0) {
      throw new RangeError(`capacity must be an integer >= 0, got ${capacity}`);
    }
    // lru-cache needs room for one at least; a capacity of 0 keeps nothing.
    this.entries = capacity > 0 ? new LRUCache<string, T>({ max: capacity }) : undefined;
  }

  get(token: string): T | undefined {
    const hit = this.entries?.get(token);
    if (!hit) return undefined;
    if (hit.expiresAt * 1000 <= this.now()) {
      this.entries?.delete(token);
      return undefined;
    }
    return hit;
  }

  set(token: string, verified: T): void {
    this.entries?.set(token, verified);
  }

  get size(): number {
    return this.entries?.size ?? 0;
  }
}
