import { createHash } from 'node:crypto';
import { AppError } from '@parley/contracts';
import type { Request, RequestHandler, Response } from 'express';
import type { RedisClientType } from 'redis';

/** Up to 255 visible ASCII characters, like the keys Stripe accepts. */
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;
/** How long a request that has not answered yet holds its key. */
const IN_FLIGHT_SECONDS = 60;

export const IDEMPOTENCY_MESSAGES = {
  invalid: 'Idempotency-Key must be 1 to 255 visible ASCII characters',
  inFlight: 'A request with this Idempotency-Key is still being processed',
  reused: 'This Idempotency-Key was used with a different request',
} as const;

interface Stored {
  fingerprint: string;
  status?: number;
  body?: unknown;
}

export interface IdempotencyStore {
  /** Claims `key` for a request; answers what is stored under it when another already did. */
  claim(key: string, fingerprint: string): Promise<Stored | null>;
  save(key: string, stored: Stored): Promise<void>;
  release(key: string): Promise<void>;
}

export function redisIdempotencyStore(
  redis: RedisClientType,
  prefix: string,
  ttlSeconds: number,
): IdempotencyStore {
  const at = (key: string) => `${prefix}:idem:${key}`;
  return {
    claim: async (key, fingerprint) => {
      const claimed = await redis.set(at(key), JSON.stringify({ fingerprint }), {
        NX: true,
        EX: IN_FLIGHT_SECONDS,
      });
      if (claimed === 'OK') return null;
      const raw = await redis.get(at(key));
      return raw ? (JSON.parse(raw) as Stored) : { fingerprint };
    },
    save: async (key, stored) => {
      await redis.set(at(key), JSON.stringify(stored), { EX: ttlSeconds });
    },
    release: async (key) => {
      await redis.del(at(key));
    },
  };
}

const fingerprintOf = (req: Request) =>
  createHash('sha256')
    .update(`${req.method}\0${req.originalUrl}\0${JSON.stringify(req.body ?? null)}`)
    .digest('base64url');

/**
 * `Idempotency-Key` on a POST: the first answer (a success or a 4xx) is kept and replayed, with
 * `Idempotent-Replayed: true`, for the same key, request and caller; the same key with another
 * request is 422, and one still being answered 409. 5xx answers are not kept: the retry runs again.
 * `scopeOf` keeps one API key's idempotency keys apart from another's.
 */
export function idempotentPosts(store: IdempotencyStore, scopeOf: (res: Response) => string): RequestHandler {
  return async (req, res, next) => {
    const header = req.get('idempotency-key');
    if (req.method !== 'POST' || header === undefined) {
      next();
      return;
    }
    if (!IDEMPOTENCY_KEY.test(header)) {
      const message = IDEMPOTENCY_MESSAGES.invalid;
      throw new AppError('validation', message, [{ field: 'Idempotency-Key', message }], 'VALIDATION');
    }
    const key = `${scopeOf(res)}:${createHash('sha256').update(header).digest('base64url')}`;
    const fingerprint = fingerprintOf(req);
    const existing = await store.claim(key, fingerprint);
    if (existing) {
      if (existing.fingerprint !== fingerprint) {
        throw new AppError('validation', IDEMPOTENCY_MESSAGES.reused, [], 'IDEMPOTENCY_KEY_REUSED');
      }
      if (existing.status === undefined) {
        throw new AppError('conflict', IDEMPOTENCY_MESSAGES.inFlight, [], 'IDEMPOTENCY_IN_PROGRESS');
      }
      res.set('Idempotent-Replayed', 'true').status(existing.status);
      if (existing.body === undefined) res.end();
      else res.json(existing.body);
      return;
    }
    // The answer is kept before it is sent: a retry that arrives the moment after gets the replay.
    const json = res.json.bind(res);
    res.json = (value: unknown) => {
      const status = res.statusCode;
      const kept = status < 500 ? store.save(key, { fingerprint, status, body: value }) : store.release(key);
      kept
        .catch((error: unknown) => req.log.warn({ err: error }, 'could not keep an idempotent answer'))
        .finally(() => json(value));
      return res;
    };
    next();
  };
}
