import { AppError } from '@parley/contracts';
import type { RedisClientType } from 'redis';
import type { Principal } from './claims';
import type { TokenVerifier } from './token-verifier';

export const sessionEndedError = () =>
  new AppError('unauthenticated', 'Your session has ended. Please log in again.', [], 'SESSION_REVOKED');

/** The Redis keys whose presence ends a principal's tokens early. */
export interface EndedSessionKeys {
  /** Identity's mark of an ended session (@parley/contracts session-revocation). */
  revokedSession(sessionId: string): string;
  /** The gateway's own mark of a removed team member (removed-members.ts). */
  removedMember(userId: string): string;
}

function keysToCheck(principal: Principal, keys: EndedSessionKeys): string[] {
  const lookups: string[] = [];
  if (principal.sessionId) lookups.push(keys.revokedSession(principal.sessionId));
  // Only agents can be removed.
  if (principal.role === 'AGENT') lookups.push(keys.removedMember(principal.userId));
  return lookups;
}

const unavailable = () => new AppError('unavailable', 'Service temporarily unavailable. Please try again.');

async function countPresent(redis: RedisClientType, keys: string[]): Promise<number> {
  // Not queued for a reconnect that may never come: the request answers now.
  if (!redis.isReady) throw unavailable();
  try {
    return await redis.exists(keys);
  } catch {
    throw unavailable();
  }
}

/**
 * Access tokens are verified by signature alone, so one stays valid until it expires even after
 * identity ended its session (log-out, a reused refresh token, a password change) or the owner
 * removed its member. This refuses such a token on every replica, for HTTP and socket handshakes
 * alike: one Redis EXISTS per dashboard request, over every key that applies. Without Redis the
 * answer is 503, never a token waved through.
 */
export function refusingEndedSessions(
  verify: TokenVerifier,
  redis: RedisClientType,
  keys: EndedSessionKeys,
): TokenVerifier {
  return async (token) => {
    const verified = await verify(token);
    const lookups = keysToCheck(verified.principal, keys);
    if (lookups.length === 0) return verified;
    if ((await countPresent(redis, lookups)) > 0) throw sessionEndedError();
    return verified;
  };
}
