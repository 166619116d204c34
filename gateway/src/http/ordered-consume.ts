import type { RedisClientType } from 'redis';
import { cachedScript } from '../redis/cached-script';

/** One counter to spend a point of: its full Redis key, its points and window. */
export interface CounterStep {
  key: string;
  points: number;
  durationSec: number;
}

/** The first counter that had no point left (0-based), and how long until its window ends. */
export type OrderedConsumeResult = { refused: number; msBeforeNext: number } | undefined;

/**
 * rate-limiter-flexible's increment (RateLimiterRedis: a counter created at 0 with the window's
 * expiry, incremented, expiry restored if lost) on each key in turn, stopping after the first
 * whose count passed its points: so each counter behaves exactly as the library's consume would,
 * and a refused counter leaves the later ones untouched, as consecutive consumes do. One round
 * trip instead of one per counter. ARGV: points and window (s) of each key.
 */
const ORDERED_CONSUME = `
for i = 1, #KEYS do
  local key = KEYS[i]
  local duration = ARGV[2 * i]
  redis.call('set', key, 0, 'EX', duration, 'NX')
  local consumed = redis.call('incrby', key, 1)
  local ttl = redis.call('pttl', key)
  if ttl == -1 then
    redis.call('expire', key, duration)
    ttl = 1000 * duration
  end
  if consumed > tonumber(ARGV[2 * i - 1]) then return {i, ttl} end
end
return {0, 0}`;

export function orderedConsume(
  redis: RedisClientType,
): (steps: readonly CounterStep[]) => Promise<OrderedConsumeResult> {
  const run = cachedScript(redis, ORDERED_CONSUME);
  return async (steps) => {
    const reply = (await run({
      keys: steps.map((s) => s.key),
      arguments: steps.flatMap((s) => [String(s.points), String(s.durationSec)]),
    })) as [number, number];
    const [refused, ttl] = reply.map(Number) as [number, number];
    return refused > 0 ? { refused: refused - 1, msBeforeNext: ttl } : undefined;
  };
}
