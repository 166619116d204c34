import { newTokenSecret, secretDigest } from '../../security/secrets';
import type { IdentityDeps } from '../deps';

/**
 * A key is `pk_<key id, 32 hex digits><secret, 43 base64url characters>`: the id finds the key,
 * the secret proves it. The log keeps only the HMAC of the whole key.
 */
const KEY = /^pk_([0-9a-f]{32})([A-Za-z0-9_-]{43})$/;

const hexOf = (uuid: string) => uuid.replaceAll('-', '');
const uuidOf = (hex: string) =>
  `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;

export function issueApiKey(
  deps: IdentityDeps,
  keyId: string,
): { key: string; hash: string; prefix: string } {
  const key = `pk_${hexOf(keyId)}${newTokenSecret()}`;
  return { key, hash: apiKeyDigest(deps, keyId, key), prefix: key.slice(0, 11) };
}

export const apiKeyDigest = (deps: IdentityDeps, keyId: string, key: string): string =>
  secretDigest(deps.secrets.codeSecret, 'api-key', keyId, key);

/** The key id of a well-formed key, or null. */
export function apiKeyIdOf(key: string): string | null {
  const match = KEY.exec(key);
  return match ? uuidOf(match[1]!) : null;
}
