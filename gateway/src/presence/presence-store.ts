import type { RedisClientType } from 'redis';
import { PRESENCE_ACTIVE_MS } from '@parley/contracts';

/**
 * Team presence (spec "Team presence", "Presence"): when each team member of an account was last
 * active. Ephemeral by design (not an event): one Redis sorted set per account, member = user id,
 * score = epoch ms of the latest activity; entries older than the presence window are dropped on
 * write, and the whole key expires when a team goes quiet.
 */
export interface PresenceStore {
  touch(accountId: string, userId: string, at?: number): Promise<void>;
  /** Last activity (epoch ms) of each of the given users that was active within the window. */
  lastActive(accountId: string, userIds?: readonly string[]): Promise<Map<string, number>>;
}

export function createPresenceStore(redis: RedisClientType, keyPrefix: string): PresenceStore {
  const key = (accountId: string) => `${keyPrefix}:presence:${accountId}`;
  return {
    async touch(accountId, userId, at = Date.now()) {
      await redis
        .multi()
        .zAdd(key(accountId), { score: at, value: userId })
        .zRemRangeByScore(key(accountId), 0, at - PRESENCE_ACTIVE_MS)
        .pExpire(key(accountId), PRESENCE_ACTIVE_MS)
        .exec();
    },
    async lastActive(accountId, userIds) {
      const since = Date.now() - PRESENCE_ACTIVE_MS;
      const entries = await redis.zRangeByScoreWithScores(key(accountId), since, '+inf');
      const wanted = userIds ? new Set(userIds) : undefined;
      const result = new Map<string, number>();
      for (const { value, score } of entries) if (!wanted || wanted.has(value)) result.set(value, score);
      return result;
    },
  };
}
