import type { RedisClientType } from 'redis';

/** How one kind of key (an email, an IP) is throttled after failed attempts. */
export interface BackoffRule {
  /** Failures allowed before the first lock. */
  threshold: number;
  /** First lock; each further failure doubles it. */
  baseLockMs: number;
  maxLockMs: number;
}

/** One account from one address (or one known browser): quick, and it locks only that pair out. */
export const ACCOUNT_AT_IP_RULE: BackoffRule = { threshold: 5, baseLockMs: 30_000, maxLockMs: 15 * 60_000 };
/** A known browser's own failures: as quick, so a stolen device token buys only a few guesses. */
export const DEVICE_RULE: BackoffRule = ACCOUNT_AT_IP_RULE;
/**
 * One account from anywhere: slower, against guesses spread over many addresses. It applies to
 * browsers and addresses the account has not used before; those it has get in with the right password.
 */
export const ACCOUNT_RULE: BackoffRule = { threshold: 20, baseLockMs: 60_000, maxLockMs: 15 * 60_000 };
/** Looser: many people can share one address behind a NAT. */
export const IP_RULE: BackoffRule = { threshold: 20, baseLockMs: 30_000, maxLockMs: 15 * 60_000 };
/** Re-entering the current password (password change) by a signed-in user. */
export const PASSWORD_CHECK_RULE: BackoffRule = ACCOUNT_AT_IP_RULE;
/** Failures are forgotten a day after the last one (or at the first success). */
const FORGET_AFTER_MS = 24 * 60 * 60 * 1000;

// Counts a failure and, past the threshold, locks until now + base * 2^(over) (capped). Times are
// the service's clock (ARGV[1]) so tests can move it; the key's own expiry is only for cleanup.
const FAIL_SCRIPT = `
local failures = redis.call('HINCRBY', KEYS[1], 'failures', 1)
local threshold = tonumber(ARGV[2])
local lockMs = 0
if failures >= threshold then
  local over = math.min(failures - threshold, 30)
  lockMs = math.min(tonumber(ARGV[4]), tonumber(ARGV[3]) * (2 ^ over))
  redis.call('HSET', KEYS[1], 'lockedUntil', string.format('%.0f', tonumber(ARGV[1]) + lockMs))
end
redis.call('PEXPIRE', KEYS[1], math.max(tonumber(ARGV[5]), lockMs))
return math.floor(lockMs)
`;

export interface BackoffKey {
  key: string;
  rule: BackoffRule;
}

/**
 * Failed log-in attempts per counter (account at an address, account, address, known browser;
 * which ones apply is login-limits.ts), kept in Redis so every replica sees them. A locked key
 * answers rate_limited until its lock passes; each failure after the threshold doubles the lock.
 */
export class LoginBackoff {
  constructor(
    private readonly redis: RedisClientType,
    private readonly prefix: string,
  ) {}

  forAccountAtIp(accountKey: string, ip: string): BackoffKey {
    // No address (a caller that sent none) counts as one address of its own.
    return { key: `${this.prefix}login:account-ip:${accountKey}:${ip || '-'}`, rule: ACCOUNT_AT_IP_RULE };
  }

  forAccount(accountKey: string): BackoffKey {
    return { key: `${this.prefix}login:account:${accountKey}`, rule: ACCOUNT_RULE };
  }

  forDevice(deviceId: string): BackoffKey {
    return { key: `${this.prefix}login:device:${deviceId}`, rule: DEVICE_RULE };
  }

  forIp(ip: string): BackoffKey | null {
    return ip ? { key: `${this.prefix}login:ip:${ip}`, rule: IP_RULE } : null;
  }

  /** Guards re-entering the current password (password change) per user. */
  forPasswordCheck(userId: string): BackoffKey {
    return { key: `${this.prefix}password:user:${userId}`, rule: PASSWORD_CHECK_RULE };
  }

  /** Milliseconds until every given key is unlocked; 0 when none is locked. */
  async lockedFor(keys: BackoffKey[], now: number): Promise<number> {
    const until = await Promise.all(keys.map((k) => this.redis.hGet(k.key, 'lockedUntil')));
    return Math.max(0, ...until.map((u) => (u ? Number(u) - now : 0)));
  }

  async recordFailure(keys: BackoffKey[], now: number): Promise<void> {
    await Promise.all(
      keys.map((k) =>
        this.redis.eval(FAIL_SCRIPT, {
          keys: [k.key],
          arguments: [
            String(now),
            String(k.rule.threshold),
            String(k.rule.baseLockMs),
            String(k.rule.maxLockMs),
            String(FORGET_AFTER_MS),
          ],
        }),
      ),
    );
  }

  async clear(keys: BackoffKey[]): Promise<void> {
    if (keys.length) await this.redis.del(keys.map((k) => k.key));
  }
}
