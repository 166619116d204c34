import { AppError } from '@parley/contracts';
import type { RedisClientType } from 'redis';
import type { TokenVerifier } from './token-verifier';

/**
 * Team members the owner removed. Identity ends their sessions, but access tokens already handed
 * out stay valid until they expire; every gateway replica checks this shared list so the removed
 * member's next request (and socket) is refused at once. Entries outlive any access token.
 */
export interface RemovedMembers {
  mark(userId: string): Promise<void>;
  isRemoved(userId: string): Promise<boolean>;
}

/** A day: far longer than identity's access tokens (ACCESS_TOKEN_TTL_SECONDS, 15 minutes by default). */
export const REMOVED_MEMBER_TTL_SECONDS = 24 * 60 * 60;

export function createRemovedMembers(redis: RedisClientType, keyPrefix: string): RemovedMembers {
  const key = (userId: string) => `${keyPrefix}:removed-member:${userId}`;
  return {
    async mark(userId) {
      await redis.set(key(userId), '1', { EX: REMOVED_MEMBER_TTL_SECONDS });
    },
    async isRemoved(userId) {
      return (await redis.exists(key(userId))) === 1;
    },
  };
}

export const memberRemovedError = () =>
  new AppError('unauthenticated', 'Your session has ended. Please log in again.', [], 'SESSION_REVOKED');

/** Only agents can be removed, so only their tokens cost the extra lookup. */
export function refusingRemovedMembers(verify: TokenVerifier, removed: RemovedMembers): TokenVerifier {
  return async (token) => {
    const verified = await verify(token);
    const { role, userId } = verified.principal;
    if (role === 'AGENT' && (await removed.isRemoved(userId))) throw memberRemovedError();
    return verified;
  };
}
