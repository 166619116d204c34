import { LoginBackoff } from '../login-backoff';
import { loginCounters, loginLimits } from './login-limits';

describe('log-in counters', () => {
  it('a known browser meets only its own counter: no lock of the account or the address stops it', () => {
    expect(loginCounters('known-device')).toEqual({
      checked: ['device'],
      failureCounts: ['device'],
      successClears: ['device'],
    });
  });

  it('an address the account used lately is spared the account-wide lock, not its own', () => {
    const counters = loginCounters('known-address');
    expect(counters.checked).toEqual(['accountAtIp', 'ip']);
    expect(counters.failureCounts).toEqual(['accountAtIp', 'ip', 'account']);
  });

  it('a stranger meets every lock; a success clears only the counter of the client that proved itself', () => {
    expect(loginCounters('unknown')).toEqual({
      checked: ['accountAtIp', 'ip', 'account'],
      failureCounts: ['accountAtIp', 'ip', 'account'],
      successClears: ['accountAtIp'],
    });
    expect(loginCounters('known-address').successClears).toEqual(['accountAtIp']);
  });
});

describe('log-in limits', () => {
  // Key names only: nothing here talks to Redis.
  const backoff = new LoginBackoff(null as never, 'ns:parley:identity:');

  it('names the Redis counters of an attempt', () => {
    const limits = loginLimits(backoff, {
      accountKey: 'acc',
      ip: '203.0.113.5',
      standing: { kind: 'unknown' },
    });
    expect(limits.checked.map((k) => [k.key, k.rule.threshold])).toEqual([
      ['ns:parley:identity:login:account-ip:acc:203.0.113.5', 5],
      ['ns:parley:identity:login:ip:203.0.113.5', 20],
      ['ns:parley:identity:login:account:acc', 20],
    ]);
    const device = loginLimits(backoff, {
      accountKey: 'acc',
      ip: '203.0.113.5',
      standing: { kind: 'known-device', deviceId: 'dev1' },
    });
    expect(device.checked.map((k) => k.key)).toEqual(['ns:parley:identity:login:device:dev1']);
  });

  it('a caller without an address counts as one address of its own, and has no address-wide counter', () => {
    const limits = loginLimits(backoff, { accountKey: 'acc', ip: '', standing: { kind: 'unknown' } });
    expect(limits.checked.map((k) => k.key)).toEqual([
      'ns:parley:identity:login:account-ip:acc:-',
      'ns:parley:identity:login:account:acc',
    ]);
  });
});
