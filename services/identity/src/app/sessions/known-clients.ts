import type { RedisClientType } from 'redis';
import { knownDeviceId, rememberDevice } from '../../security/device-token';
import type { ClientStanding } from './login-limits';

/** An address counts as the account's own for this long after a log-in from it. */
export const KNOWN_ADDRESS_MS = 30 * 24 * 60 * 60 * 1000;
/** Addresses remembered per account (the most recent ones). */
const MAX_KNOWN_ADDRESSES = 20;

/**
 * The browsers (device tokens, see security/device-token.ts) and addresses that proved an
 * account's password before. Addresses live in Redis, one sorted set per account scored by the
 * time of the latest log-in; device tokens need no storage.
 */
export class KnownClients {
  constructor(
    private readonly redis: RedisClientType,
    private readonly prefix: string,
    private readonly key: string,
  ) {}

  private addressesKey(accountKey: string): string {
    return `${this.prefix}login:known-ips:${accountKey}`;
  }

  async standing(accountKey: string, ip: string, devices: string, now: number): Promise<ClientStanding> {
    const deviceId = knownDeviceId(this.key, accountKey, devices);
    if (deviceId) return { kind: 'known-device', deviceId };
    if (!ip) return { kind: 'unknown' };
    const seenAt = await this.redis.zScore(this.addressesKey(accountKey), ip);
    return seenAt !== null && now - seenAt < KNOWN_ADDRESS_MS
      ? { kind: 'known-address' }
      : { kind: 'unknown' };
  }

  /** After the password was proved: remembers the address, and answers the browser's device-token cookie. */
  async remember(accountKey: string, ip: string, devices: string, now: number): Promise<string> {
    if (ip) {
      const key = this.addressesKey(accountKey);
      await this.redis
        .multi()
        .zAdd(key, { score: now, value: ip })
        .zRemRangeByScore(key, '-inf', now - KNOWN_ADDRESS_MS)
        .zRemRangeByRank(key, 0, -(MAX_KNOWN_ADDRESSES + 1))
        .pExpire(key, KNOWN_ADDRESS_MS)
        .exec();
    }
    return rememberDevice(this.key, accountKey, devices);
  }
}
