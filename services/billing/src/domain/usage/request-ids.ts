/**
 * The request ids counted in a period, as an immutable value that grows in O(1).
 *
 * A fold adds one id per event, so copying a Set per event made every ConsumeRequest quadratic in
 * the period's requests (~500k inserts near a PRO limit). Instead every value is a prefix of one
 * shared insertion-ordered Map: `size` says how many of its entries this value sees. Adding to the
 * newest value (the Map holds exactly its entries) appends in place; no older value can see the
 * append, because its own size excludes it. Adding to an older value (a second state evolved from
 * the same one) copies its prefix first, so branches never see each other's ids.
 */
export class RequestIds {
  static readonly empty = new RequestIds(new Map(), 0);

  private constructor(
    /** id -> its position; entries at `size` or beyond belong to newer values. */
    private readonly positions: Map<string, number>,
    readonly size: number,
  ) {}

  has(requestId: string): boolean {
    const position = this.positions.get(requestId);
    return position !== undefined && position < this.size;
  }

  with(requestId: string): RequestIds {
    if (this.has(requestId)) return this;
    // The empty value never lends its Map out, so a module-level initial state stays empty forever.
    const owned = this.size > 0 && this.positions.size === this.size;
    const positions = owned ? this.positions : this.prefix();
    positions.set(requestId, this.size);
    return new RequestIds(positions, this.size + 1);
  }

  private prefix(): Map<string, number> {
    const copy = new Map<string, number>();
    for (const [id, position] of this.positions) if (position < this.size) copy.set(id, position);
    return copy;
  }
}
