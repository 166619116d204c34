import { createHash } from 'node:crypto';
import { createLinkToken, deriveLinkKey, readLinkToken, type LinkClaims } from './link-token';

const key = deriveLinkKey('test-seal-key-0123456789');
const subscriberId = createHash('sha256').update('ann@example.com').digest('hex');
const issuedAt = Date.parse('2030-01-01T10:00:00.123Z');
const confirm: LinkClaims = { purpose: 'confirm', subscriberId, issuedAt };

/** Flips one character of the token at `index` to another URL-safe one. */
const tamper = (token: string, index: number) =>
  token.slice(0, index) + (token[index] === 'A' ? 'B' : 'A') + token.slice(index + 1);

describe('newsletter link tokens', () => {
  it('round-trips its claims and is URL-safe', () => {
    const token = createLinkToken(key, confirm);
    expect(token).toMatch(/^c\.[A-Za-z0-9_-]{43}\.[0-9a-z]+\.[A-Za-z0-9_-]{43}$/);
    expect(encodeURIComponent(token)).toBe(token);
    expect(readLinkToken(key, token, 'confirm')).toEqual(confirm);
  });

  it('is bound to its purpose: a confirm token does not unsubscribe, nor the other way round', () => {
    const c = createLinkToken(key, confirm);
    const u = createLinkToken(key, { ...confirm, purpose: 'unsubscribe' });
    expect(readLinkToken(key, c, 'unsubscribe')).toBeNull();
    expect(readLinkToken(key, u, 'confirm')).toBeNull();
    expect(readLinkToken(key, `c${u.slice(1)}`, 'confirm')).toBeNull();
    expect(readLinkToken(key, u, 'unsubscribe')).toEqual({ ...confirm, purpose: 'unsubscribe' });
  });

  it('is bound to the address and the time it was issued', () => {
    const token = createLinkToken(key, confirm);
    const [code, , issued, mac] = token.split('.');
    const otherId = Buffer.from(createHash('sha256').update('bob@example.com').digest()).toString(
      'base64url',
    );
    expect(readLinkToken(key, [code, otherId, issued, mac].join('.'), 'confirm')).toBeNull();
    const later = (issuedAt + 1).toString(36);
    expect(readLinkToken(key, [code, token.split('.')[1], later, mac].join('.'), 'confirm')).toBeNull();
  });

  it('refuses any changed character, and tokens signed with another key', () => {
    const token = createLinkToken(key, confirm);
    for (let i = 0; i < token.length; i++) {
      if (token[i] === '.') continue;
      expect(readLinkToken(key, tamper(token, i), 'confirm')).toBeNull();
    }
    const foreign = createLinkToken(deriveLinkKey('another-seal-key-0123456'), confirm);
    expect(readLinkToken(key, foreign, 'confirm')).toBeNull();
  });

  it('refuses malformed input without throwing', () => {
    for (const bad of [
      '',
      'c',
      'c...',
      'x.y.z.w',
      `${createLinkToken(key, confirm)}.extra`,
      'a'.repeat(5000),
    ]) {
      expect(readLinkToken(key, bad, 'confirm')).toBeNull();
    }
    expect(readLinkToken(key, undefined as unknown as string, 'confirm')).toBeNull();
  });

  it('derives different keys from different secrets, and not the secret itself', () => {
    expect(deriveLinkKey('test-seal-key-0123456789')).toEqual(key);
    expect(deriveLinkKey('test-seal-key-0123456789x')).not.toEqual(key);
    expect(key.toString('utf8')).not.toContain('test-seal-key');
    expect(key).toHaveLength(32);
  });
});
