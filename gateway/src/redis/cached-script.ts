import { createHash } from 'node:crypto';
import type { RedisClientType } from 'redis';

export interface ScriptCall {
  keys: string[];
  arguments: string[];
}

export type RunScript = (call: ScriptCall) => Promise<unknown>;

export const scriptSha = (script: string): string => createHash('sha1').update(script).digest('hex');

const isNoScript = (error: unknown) => error instanceof Error && error.message.startsWith('NOSCRIPT');

/**
 * Runs a Lua script by its SHA1 (EVALSHA), so its text crosses the wire and is hashed by Redis
 * once per Redis process rather than on every call. A Redis that does not know it (restarted,
 * SCRIPT FLUSH, or an EVAL-cached script evicted) answers NOSCRIPT; the one EVAL that follows
 * runs it and caches it again.
 */
export function cachedScript(redis: RedisClientType, script: string): RunScript {
  const sha = scriptSha(script);
  return async (call) => {
    try {
      return await redis.evalSha(sha, call);
    } catch (error) {
      if (!isNoScript(error)) throw error;
      return redis.eval(script, call);
    }
  };
}

/**
 * node-redis, as rate-limiter-flexible's RateLimiterRedis (`useRedisPackage`) uses it, with its
 * EVAL sent as EVALSHA: the library sends the whole increment script with every consume
 * (EVAL; it caches scripts by SHA for ioredis only). It reads `isReady` (its
 * `rejectIfRedisNotReady`: the insurance limiter takes over at once), and `multi` and `del` for
 * get/set/block/delete, which the gateway does not use but which stay correct.
 */
export function evalShaStoreClient(redis: RedisClientType) {
  const scripts = new Map<string, RunScript>();
  return {
    get isReady() {
      return redis.isReady;
    },
    eval(script: string, call: ScriptCall): Promise<unknown> {
      let run = scripts.get(script);
      if (!run) scripts.set(script, (run = cachedScript(redis, script)));
      return run(call);
    },
    multi: () => redis.multi(),
    del: (key: string) => redis.del(key),
  };
}
