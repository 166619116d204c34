import { isAppError } from '@parley/contracts';
import { randomUUID } from 'node:crypto';
import { createClient, type RedisClientType } from 'redis';
import { createRateLimits, MESSAGES_RATE_LIMITED_MESSAGE, RATE_LIMITED_MESSAGE } from './rate-limits';

const URL = 'redis://127.0.0.1:6379';
const connect = async () => (await createClient({ url: URL }).connect()) as RedisClientType;
const policies = {
  login: { points: 3, durationSec: 60 },
  visitorMessage: { points: 2, durationSec: 30 },
};

async function refusal(attempt: Promise<void>) {
  try {
    await attempt;
  } catch (error) {
    if (isAppError(error)) return error;
    throw error;
  }
  throw new Error('expected a rate_limited refusal');
}

describe('rate limits against Redis', () => {
  let redis: RedisClientType;
  let watcher: RedisClientType;
  let prefix: string;
  beforeAll(async () => {
    redis = await connect();
    watcher = await connect();
  });
  afterAll(async () => {
    watcher.destroy(); // a connection in MONITOR mode takes no QUIT
    await redis.close();
  });
  beforeEach(() => {
    prefix = `test:rl:${randomUUID()}`;
  });

  it('spends the points, then refuses with the policy’s text and a Retry-After within the window', async () => {
    const limits = createRateLimits(redis, prefix, policies);
    for (let i = 0; i < 3; i++) await limits.consume('login', '10.0.0.1');
    const refused = await refusal(limits.consume('login', '10.0.0.1'));
    expect(refused).toMatchObject({
      kind: 'rate_limited',
      message: RATE_LIMITED_MESSAGE,
      code: 'RATE_LIMITED',
    });
    expect(refused.retryAfter).toBeGreaterThanOrEqual(1);
    expect(refused.retryAfter).toBeLessThanOrEqual(60);
    for (let i = 0; i < 2; i++) await limits.consume('visitorMessage', 'c1');
    const messages = await refusal(limits.consume('visitorMessage', 'c1'));
    expect(messages.message).toBe(MESSAGES_RATE_LIMITED_MESSAGE);
    expect(messages.retryAfter).toBeLessThanOrEqual(30);
    // Other keys and policies have their own budgets.
    await limits.consume('login', '10.0.0.2');
    await limits.consume('visitorMessage', 'c2');
  });

  it('counts in Redis, shared by every replica, and a refund gives a point back', async () => {
    const a = createRateLimits(redis, prefix, policies);
    const other = await connect();
    const b = createRateLimits(other, prefix, policies);
    await a.consume('login', 'ip');
    await b.consume('login', 'ip');
    await a.consume('login', 'ip');
    await refusal(b.consume('login', 'ip'));
    expect(Number(await redis.get(`${prefix}:login:ip`))).toBe(4);
    await a.refund('login', 'ip');
    await a.refund('login', 'ip');
    await b.consume('login', 'ip');
    await refusal(a.consume('login', 'ip'));
    await other.close();
  });

  it('sends each consume as one EVALSHA, not the script’s text (EVAL)', async () => {
    const limits = createRateLimits(redis, prefix, policies);
    await limits.consume('login', 'warm'); // a Redis that never ran the script gets one EVAL
    const seen: string[] = [];
    await watcher.monitor((line: string) => {
      // The client's own commands, not those its script runs (`[0 lua]`).
      if (line.includes(prefix) && !line.includes(' lua]')) seen.push(line);
    });
    await limits.consume('login', 'ip');
    await limits.consume('visitorMessage', 'c1');
    await limits.refund('login', 'ip');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(seen).toHaveLength(3);
    for (const line of seen) expect(line).toMatch(/\] "evalsha" "[0-9a-f]{40}" "1"/i);
  });

  it('falls back to per-replica counters in memory when Redis is down, with the same limits', async () => {
    const own = await connect();
    const limits = createRateLimits(own, prefix, policies);
    await limits.consume('login', 'ip');
    own.destroy();
    for (let i = 0; i < 3; i++) await limits.consume('login', 'ip');
    const refused = await refusal(limits.consume('login', 'ip'));
    expect(refused).toMatchObject({ kind: 'rate_limited', message: RATE_LIMITED_MESSAGE });
    expect(refused.retryAfter).toBeGreaterThanOrEqual(1);
  });
});
