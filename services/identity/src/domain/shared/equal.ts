import { timingSafeEqual } from 'node:crypto';

/** Compares two secrets' digests without leaking through timing where the mismatch is. */
export function sameDigest(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
