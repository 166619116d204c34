import type { TokenVerifier, VerifiedToken } from './token-verifier';
import { VerifiedCache } from './verified-cache';

/** Distinct dashboard tokens remembered; a flood of others costs only their own checks. */
export const ACCESS_TOKEN_CACHE_SIZE = 10_000;
/**
 * A verified token is trusted without its signature check for at most this long, however far its
 * `exp`: jose keeps the key set up to 10 minutes anyway, so a key withdrawn from the JWKS is
 * dropped here sooner than there.
 */
export const ACCESS_TOKEN_CACHE_SECONDS = 60;

interface Remembered {
  /** Epoch seconds: the token's own expiry or the cache's limit, whichever comes first. */
  expiresAt: number;
  verified: VerifiedToken;
}

/**
 * Remembers the tokens `verify` accepted, by their exact text: the dashboard sends the same access
 * token with every request, and its ES256 signature check was a fifth of the gateway's CPU on a
 * list read (runs AD). A token is the same bytes for its whole life, so the answer cannot change
 * until it expires, except by a key withdrawn (bounded above). Only acceptances are kept: a
 * refusal or an unreachable key set is asked again. Revocation is not this layer's: wrap it in
 * `refusingEndedSessions`, which still asks Redis on every request.
 */
export function cachingVerifiedTokens(
  verify: TokenVerifier,
  options: { capacity?: number; maxSeconds?: number; now?: () => number } = {},
): TokenVerifier {
  const now = options.now ?? Date.now;
  const maxSeconds = options.maxSeconds ?? ACCESS_TOKEN_CACHE_SECONDS;
  const cache = new VerifiedCache<Remembered>(options.capacity ?? ACCESS_TOKEN_CACHE_SIZE, now);
  return async (token) => {
    const hit = cache.get(token);
    // Copies out: what a caller does with its principal must not change the remembered one.
    if (hit) return copyOf(hit.verified);
    const verified = await verify(token);
    const until = Math.min(verified.expiresAt, Math.floor(now() / 1000) + maxSeconds);
    cache.set(token, { expiresAt: until, verified: copyOf(verified) });
    return verified;
  };
}

const copyOf = (v: VerifiedToken): VerifiedToken => ({
  principal: { ...v.principal },
  expiresAt: v.expiresAt,
});
