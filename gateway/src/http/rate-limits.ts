import { AppError } from '@parley/contracts';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { RedisClientType } from 'redis';
import { evalShaStoreClient } from '../redis/cached-script';
import { orderedConsume } from './ordered-consume';

/** Attempts allowed per window on the auth routes; keys are per client IP unless noted. */
export const RATE_LIMIT_POLICIES = {
  /**
   * Log-in attempts that fail: a successful one gives its point back (refund), so an office of
   * people behind one address can all sign in; identity also counts failures per account.
   */
  login: { points: 10, durationSec: 60 },
  signup: { points: 5, durationSec: 60 },
  /** Per sign-up: guessing a 6-digit code must be hopeless. */
  verify: { points: 10, durationSec: 60 },
  resend: { points: 5, durationSec: 60 },
  complete: { points: 10, durationSec: 60 },
  refresh: { points: 60, durationSec: 60 },
  /** Newsletter subscriptions; notifications also sends an address at most one mail per 10 minutes. */
  newsletter: { points: 5, durationSec: 60 },
  /** Widget sessions: each page view of a customer's site opens one; many visitors may share an IP. */
  widgetSession: { points: 60, durationSec: 60 },
  /**
   * A visitor's messages (REST and socket alike), per visitor: each one is answered by the
   * assistant and spends one of the owner's monthly requests. A person typing sends a few a
   * minute; 20 leaves room for quick one-word replies and pastes (docs/api.md, Rate limits).
   */
  visitorMessage: { points: 20, durationSec: 60 },
  /**
   * The same, per client IP and domain: a new widget session is a new visitor, so this is what
   * bounds one address. Per domain, so one busy office or carrier NAT reaching several shops
   * does not spend one shared budget; 40 is two visitors at full speed behind one address.
   */
  visitorMessageIp: { points: 40, durationSec: 60 },
  /** Job applications from /careers, per client IP: someone may apply for a few listings at once. */
  careersApplication: { points: 10, durationSec: 3600 },
  /** A campaign's test copy to the owner, per account: a few while writing, never a mail cannon. */
  campaignTest: { points: 10, durationSec: 600 },
  /** The public API (/api/v1), per API key; API_KEY_RATE_LIMIT_PER_MINUTE sets the points. */
  apiKey: { points: 120, durationSec: 60 },
} as const;

export type RateLimitPolicy = keyof typeof RATE_LIMIT_POLICIES;

export interface RateLimits {
  /** Spends one attempt of `policy` for `key`; throws a rate_limited AppError (with retryAfter) when none are left. */
  consume(policy: RateLimitPolicy, key: string): Promise<void>;
  /**
   * Spends one attempt of each, in order, in one Redis round trip, as consecutive `consume`s
   * would: the first that has none left throws, and the later ones are not counted.
   */
  consumeInOrder(steps: ReadonlyArray<{ policy: RateLimitPolicy; key: string }>): Promise<void>;
  /** Gives back the attempt just spent: for an attempt that turned out to be no guess (a log-in that succeeded). */
  refund(policy: RateLimitPolicy, key: string): Promise<void>;
}

export const RATE_LIMITED_MESSAGE = 'Too many attempts. Please try again later.';
/** A chat is not an attempt at anything: its own words. */
export const MESSAGES_RATE_LIMITED_MESSAGE = 'You are sending messages too quickly. Please wait a moment.';
/** The public API's callers are programs: the wait is in Retry-After. */
export const API_RATE_LIMITED_MESSAGE = 'Too many requests for this API key. Please slow down.';
const MESSAGE_OF_POLICY: Partial<Record<RateLimitPolicy, string>> = {
  apiKey: API_RATE_LIMITED_MESSAGE,
  visitorMessage: MESSAGES_RATE_LIMITED_MESSAGE,
  visitorMessageIp: MESSAGES_RATE_LIMITED_MESSAGE,
};

/**
 * Counters live in Redis so every gateway replica shares them. If Redis is unreachable each
 * replica falls back to its own in-memory counters rather than refusing or waving everyone through.
 */
export function createRateLimits(
  redis: RedisClientType,
  keyPrefix: string,
  overrides: Partial<Record<RateLimitPolicy, { points: number; durationSec: number }>> = {},
): RateLimits {
  const policies = { ...RATE_LIMIT_POLICIES, ...overrides };
  const storeClient = evalShaStoreClient(redis);
  const limiters = new Map(
    Object.entries(policies).map(([name, policy]) => {
      const shared = {
        points: policy.points,
        duration: policy.durationSec,
        keyPrefix: `${keyPrefix}:${name}`,
      };
      const insurance = new RateLimiterMemory(shared);
      const redisLimiter = new RateLimiterRedis({
        ...shared,
        storeClient,
        useRedisPackage: true,
        rejectIfRedisNotReady: true,
        insuranceLimiter: insurance,
      });
      return [name, { redis: redisLimiter, insurance, limits: policy }];
    }),
  );
  const limiterOf = (policy: RateLimitPolicy) => {
    const limiter = limiters.get(policy);
    if (!limiter) throw new Error(`unknown rate limit policy ${policy}`);
    return limiter;
  };
  const refusal = (policy: RateLimitPolicy, msBeforeNext: number) =>
    new AppError(
      'rate_limited',
      MESSAGE_OF_POLICY[policy] ?? RATE_LIMITED_MESSAGE,
      [],
      'RATE_LIMITED',
      Math.max(1, Math.ceil(msBeforeNext / 1000)),
    );
  const consumeWith = async (
    limiter: RateLimiterMemory | RateLimiterRedis,
    policy: RateLimitPolicy,
    key: string,
  ) => {
    try {
      await limiter.consume(key);
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) throw refusal(policy, rejection.msBeforeNext);
      throw rejection;
    }
  };
  const inOrder = orderedConsume(redis);
  return {
    consume: (policy, key) => consumeWith(limiterOf(policy).redis, policy, key),
    consumeInOrder: async (steps) => {
      const counters = steps.map(({ policy, key }) => ({ policy, key, ...limiterOf(policy) }));
      let outcome;
      try {
        // The library's own rule (rejectIfRedisNotReady): no wait on a connection that is down.
        if (!redis.isReady) throw new Error('Redis connection is not ready');
        outcome = await inOrder(
          counters.map((c) => ({
            key: c.redis.getKey(c.key),
            points: c.limits.points,
            durationSec: c.limits.durationSec,
          })),
        );
      } catch {
        // As the library does on any Redis failure: this replica's in-memory counters decide.
        for (const c of counters) await consumeWith(c.insurance, c.policy, c.key);
        return;
      }
      if (outcome) throw refusal(counters[outcome.refused]!.policy, outcome.msBeforeNext);
    },
    refund: async (policy, key) => {
      await limiterOf(policy).redis.reward(key, 1);
    },
  };
}
