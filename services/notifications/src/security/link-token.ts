import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/**
 * Newsletter links: `<purpose>.<subscriber id>.<issued at>.<signature>`, an HMAC-SHA256 over all
 * three under a key only this service holds. Nothing is stored per link; the signature makes them
 * unguessable, and binding the purpose and address in means a confirm link cannot unsubscribe,
 * nor one address's link act on another. Expiry and "voided by an unsubscribe" are the decider's
 * rules, on `issuedAt`.
 */
export type LinkPurpose = 'confirm' | 'unsubscribe';

export interface LinkClaims {
  purpose: LinkPurpose;
  /** The subscription's id: sha256 (hex) of the lower-cased address. */
  subscriberId: string;
  /** The request the link was mailed for (epoch ms). */
  issuedAt: number;
}

const PURPOSE_CODE: Record<LinkPurpose, string> = { confirm: 'c', unsubscribe: 'u' };
const SUBSCRIBER_ID = /^[0-9a-f]{64}$/;
const BASE64URL_32_BYTES = /^[A-Za-z0-9_-]{43}$/;
const BASE36 = /^[0-9a-z]{1,11}$/;

/**
 * The signing key, derived from MAIL_SEAL_KEY (HKDF, its own label) rather than configured apart:
 * one secret less to provision, and neither use can stand in for the other.
 */
export function deriveLinkKey(mailSealKey: string): Buffer {
  return Buffer.from(
    hkdfSync('sha256', mailSealKey, 'parley-notifications', 'newsletter-link-tokens-v1', 32),
  );
}

function signature(key: Buffer, purpose: LinkPurpose, subscriberId: string, issuedAt: number): Buffer {
  return createHmac('sha256', key)
    .update(`parley-newsletter-link\0${purpose}\0${subscriberId}\0${issuedAt}`)
    .digest();
}

export function createLinkToken(key: Buffer, claims: LinkClaims): string {
  if (!SUBSCRIBER_ID.test(claims.subscriberId)) throw new Error('subscriberId must be a sha256 in hex');
  if (!Number.isSafeInteger(claims.issuedAt) || claims.issuedAt < 0) throw new Error('invalid issuedAt');
  return [
    PURPOSE_CODE[claims.purpose],
    Buffer.from(claims.subscriberId, 'hex').toString('base64url'),
    claims.issuedAt.toString(36),
    signature(key, claims.purpose, claims.subscriberId, claims.issuedAt).toString('base64url'),
  ].join('.');
}

/** The claims of a well-formed token signed with `key` for `purpose`; null for anything else. */
export function readLinkToken(key: Buffer, token: string, purpose: LinkPurpose): LinkClaims | null {
  if (typeof token !== 'string' || token.length > 128) return null;
  const [code, id, issued, mac, ...rest] = token.split('.');
  if (rest.length > 0 || code !== PURPOSE_CODE[purpose]) return null;
  if (!id || !BASE64URL_32_BYTES.test(id) || !mac || !BASE64URL_32_BYTES.test(mac)) return null;
  if (!issued || !BASE36.test(issued)) return null;
  const idBytes = Buffer.from(id, 'base64url');
  const given = Buffer.from(mac, 'base64url');
  const issuedAt = parseInt(issued, 36);
  // Only the one canonical spelling of each part is accepted, so a token has exactly one form.
  if (idBytes.toString('base64url') !== id || given.toString('base64url') !== mac) return null;
  if (!Number.isSafeInteger(issuedAt) || issuedAt.toString(36) !== issued) return null;
  const subscriberId = idBytes.toString('hex');
  const expected = signature(key, purpose, subscriberId, issuedAt);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { purpose, subscriberId, issuedAt };
}
