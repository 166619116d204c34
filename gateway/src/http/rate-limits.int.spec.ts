import { isAppError } from '@parley/contracts';
import { randomUUID } from 'node:crypto';
import { createClient, type RedisClientType } from 'redis';
import { createRateLimits, MESSAGES_RATE_LIMITED_MESSAGE, RATE_LIMITED_MESSAGE } from './rate-limits';

const URL = 'redis://127.0.0.1:6379';
const connect = async () => (await createClient({ url: URL }).connect()) as RedisClientType;
const policies = {
  login: { points: 3, durationSec: 60 },
  visitorMessage: { points: 2, durationSec: 30 },
  visitorMessageIp: { points: 3, durationSec: 60 },
};
const both = (visitor: string, address: string) =>
  [
    { policy: 'visitorMessage', key: visitor },
    { policy: 'visitorMessageIp', key: address },
  ] as const;

/** The commands Redis receives that name `prefix`, as MONITOR shows them (not those scripts run). */
async function watch(prefix: string) {
  const watcher = await connect();
  const seen: string[] = [];
  await watcher.monitor((line: string) => {
    if (line.includes(prefix) && !line.includes(' lua]')) seen.push(line);
  });
  return {
    seen,
    stop: async () => {
      await new Promise((resolve) => setTimeout(resolve, 200));
      watcher.destroy(); // a connection in MONITOR mode takes no QUIT
    },
  };
}

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
  let prefix: string;
  beforeAll(async () => {
    redis = await connect();
  });
  afterAll(async () => {
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
    const { seen, stop } = await watch(prefix);
    await limits.consume('login', 'ip');
    await limits.consume('visitorMessage', 'c1');
    await limits.refund('login', 'ip');
    await stop();
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

  describe('consumeInOrder (a visitor message: per visitor, then per address)', () => {
    it('counts both in one EVALSHA, on the keys consume uses, and refuses at the first spent', async () => {
      const limits = createRateLimits(redis, prefix, policies);
      await limits.consumeInOrder(both('warm', 'warm')); // a Redis that never ran the script gets one EVAL
      const { seen, stop } = await watch(prefix);
      await limits.consumeInOrder(both('v1', 'ip'));
      await stop();
      expect(seen).toHaveLength(1);
      expect(seen[0]).toMatch(/\] "evalsha" "[0-9a-f]{40}" "2"/i);

      await limits.consume('visitorMessage', 'v1'); // the other path, the same counter: v1 has spent 2
      const refused = await refusal(limits.consumeInOrder(both('v1', 'ip')));
      expect(refused).toMatchObject({ kind: 'rate_limited', message: MESSAGES_RATE_LIMITED_MESSAGE });
      expect(refused.retryAfter).toBeGreaterThanOrEqual(1);
      expect(refused.retryAfter).toBeLessThanOrEqual(30);
      // The visitor's refusal left the address's count alone (1 of 3), as consecutive consumes would.
      expect(Number(await redis.get(`${prefix}:visitorMessageIp:ip`))).toBe(1);
      expect(Number(await redis.get(`${prefix}:visitorMessage:v1`))).toBe(3);
      await limits.consumeInOrder(both('v2', 'ip'));
      await limits.consumeInOrder(both('v3', 'ip'));
      const byAddress = await refusal(limits.consumeInOrder(both('v4', 'ip')));
      expect(byAddress.retryAfter).toBeGreaterThan(30); // the address's 60 s window, not the visitor's
      expect(Number(await redis.get(`${prefix}:visitorMessage:v4`))).toBe(1);
      expect(await redis.pTTL(`${prefix}:visitorMessageIp:ip`)).toBeGreaterThan(30_000);
    });

    it('falls back to the same in-memory counters as consume when Redis is down', async () => {
      const own = await connect();
      const limits = createRateLimits(own, prefix, policies);
      own.destroy();
      await limits.consume('visitorMessage', 'v1');
      await limits.consumeInOrder(both('v1', 'ip'));
      const refused = await refusal(limits.consumeInOrder(both('v1', 'ip')));
      expect(refused.message).toBe(MESSAGES_RATE_LIMITED_MESSAGE);
      await limits.consumeInOrder(both('v2', 'ip'));
      await limits.consumeInOrder(both('v3', 'ip')); // the address's third: v1's refusal did not count
      await refusal(limits.consumeInOrder(both('v4', 'ip')));
    });
  });
});
