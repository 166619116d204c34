import type { RedisClientType } from 'redis';

/**
 * Team members the owner removed. Identity ends their sessions, but access tokens already handed
 * out stay valid until they expire; every gateway replica checks this shared list (see
 * ended-sessions.ts) so the removed member's next request (and socket) is refused at once.
 * Entries outlive any access token.
 */
export interface RemovedMembers {
  mark(userId: string): Promise<void>;
  /** The Redis key whose presence says the member was removed. */
  key(userId: string): string;
}

/** A day: far longer than identity's access tokens (ACCESS_TOKEN_TTL_SECONDS, 15 minutes by default). */
export const REMOVED_MEMBER_TTL_SECONDS = 24 * 60 * 60;

export function createRemovedMembers(redis: RedisClientType, keyPrefix: string): RemovedMembers {
  const key = (userId: string) => `${keyPrefix}:removed-member:${userId}`;
  return {
    key,
    async mark(userId) {
      await redis.set(key(userId), '1', { EX: REMOVED_MEMBER_TTL_SECONDS });
    },
  };
}
