/**
 * Verified tokens by their exact text, until they expire: a widget sends the same token with
 * every message, and checking its signature again is most of what the gateway does for a POST.
 * Bounded (least recently used dropped first) so a flood of distinct tokens costs only re-checks.
 * Only tokens that verified are kept; a hit is trusted while `now` is before the token's `exp`.
 */
export class VerifiedCache<T extends { expiresAt: number }> {
  private readonly entries = new Map<string, T>();

  constructor(
    private readonly capacity: number,
    private readonly now: () => number = Date.now,
  ) {
    if (!Number.isInteger(capacity) || capacity < 0) {
      throw new RangeError(`capacity must be an integer >= 0, got ${capacity}`);
    }
  }

  get(token: string): T | undefined {
    const hit = this.entries.get(token);
    if (!hit) return undefined;
    this.entries.delete(token);
    if (hit.expiresAt * 1000 <= this.now()) return undefined;
    // Re-inserted: a Map iterates in insertion order, so the first key is the least recently used.
    this.entries.set(token, hit);
    return hit;
  }

  set(token: string, verified: T): void {
    if (this.capacity === 0) return;
    this.entries.delete(token);
    this.entries.set(token, verified);
    if (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }

  get size(): number {
    return this.entries.size;
  }
}
