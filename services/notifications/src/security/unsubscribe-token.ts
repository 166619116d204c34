import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/**
 * A campaign mail's unsubscribe link: `<claims>.<signature>`, the claims (domain, address,
 * campaign) in base64url JSON and an HMAC-SHA256 over them under a key derived from MAIL_SEAL_KEY
 * with its own label (a newsletter link cannot stand in for one). Nothing is stored per link, and
 * it never expires: an unsubscribe must work from any old mail.
 */
export interface UnsubscribeClaims {
  domainId: string;
  email: string;
  campaignId: string;
}

export function deriveUnsubscribeKey(mailSealKey: string): Buffer {
  return Buffer.from(hkdfSync('sha256', mailSealKey, 'parley-notifications', 'marketing-unsubscribe-v1', 32));
}

const sign = (key: Buffer, payload: string) => createHmac('sha256', key).update(payload).digest();

export function createUnsubscribeToken(key: Buffer, claims: UnsubscribeClaims): string {
  const payload = Buffer.from(JSON.stringify([claims.domainId, claims.email, claims.campaignId])).toString(
    'base64url',
  );
  return `${payload}.${sign(key, payload).toString('base64url')}`;
}

/** The claims of a token signed with `key`; null for anything else (checked before any I/O). */
export function readUnsubscribeToken(key: Buffer, token: string): UnsubscribeClaims | null {
  if (typeof token !== 'string' || token.length > 1024) return null;
  const [payload, mac, ...rest] = token.split('.');
  if (
    rest.length ||
    !payload ||
    !mac ||
    !/^[A-Za-z0-9_-]+$/.test(payload) ||
    !/^[A-Za-z0-9_-]{43}$/.test(mac)
  )
    return null;
  const given = Buffer.from(mac, 'base64url');
  if (!timingSafeEqual(given, sign(key, payload))) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    if (!Array.isArray(value) || value.length !== 3 || !value.every((v) => typeof v === 'string'))
      return null;
    const [domainId, email, campaignId] = value as string[];
    return { domainId: domainId!, email: email!, campaignId: campaignId! };
  } catch {
    return null;
  }
}
