import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** An endpoint's signing secret, shown to its owner: `whsec_` and 32 random bytes. */
export const newSigningSecret = (): string => `whsec_${randomBytes(32).toString('base64url')}`;

/**
 * `Parley-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, as Stripe signs: the
 * timestamp is signed with the body, so a captured delivery cannot be replayed later as new.
 */
export function signatureHeader(secret: string, body: string, unixSeconds: number): string {
  const v1 = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${v1}`;
}

/** The receiver's check (documented, and used by the tests): right secret, body and a fresh timestamp. */
export function verifySignature(
  secret: string,
  body: string,
  header: string,
  nowSeconds: number,
  toleranceSeconds = 300,
): boolean {
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=', 2) as [string, string]));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || Math.abs(nowSeconds - t) > toleranceSeconds || !parts.v1) return false;
  const expected = Buffer.from(signatureHeader(secret, body, t).split('v1=')[1]!, 'hex');
  const given = Buffer.from(parts.v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
