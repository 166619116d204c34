import type { BackoffKey, LoginBackoff } from '../login-backoff';

/**
 * What a log-in attempt's client has shown before (OWASP's device-cookie protocol, with the
 * address as a weaker second proof): a device token of this account (a browser that logged in to
 * it), an address it logged in from lately, or nothing.
 */
export type ClientStanding =
  { kind: 'known-device'; deviceId: string } | { kind: 'known-address' } | { kind: 'unknown' };

export type LoginCounter = 'device' | 'accountAtIp' | 'ip' | 'account';

export interface LoginCounters {
  /** Any of these locked refuses the attempt before the password is checked. */
  checked: LoginCounter[];
  /** A wrong password counts in these. */
  failureCounts: LoginCounter[];
  /** The right password clears these. */
  successClears: LoginCounter[];
}

/**
 * The throttle's rules, so that nobody's failures can keep an account's owner out:
 * - a known browser is judged by its own failures only: a locked account, address or account at
 *   an address do not stop it (an attacker cannot hold its token: it is bound to the account);
 * - an address the account logged in from is spared the account-wide lock, not its own ones;
 * - anyone else meets every lock, the account-wide one included (guesses from many addresses).
 * A success clears the counter of the client that proved itself, never the account's or the
 * address's: clearing those would let one known account or one success reset an attacker's budget.
 */
export function loginCounters(standing: ClientStanding['kind']): LoginCounters {
  switch (standing) {
    case 'known-device':
      return { checked: ['device'], failureCounts: ['device'], successClears: ['device'] };
    case 'known-address':
      return {
        checked: ['accountAtIp', 'ip'],
        failureCounts: ['accountAtIp', 'ip', 'account'],
        successClears: ['accountAtIp'],
      };
    case 'unknown':
      return {
        checked: ['accountAtIp', 'ip', 'account'],
        failureCounts: ['accountAtIp', 'ip', 'account'],
        successClears: ['accountAtIp'],
      };
  }
}

/** The Redis counters behind `loginCounters`, for one attempt. */
export function loginLimits(
  backoff: LoginBackoff,
  attempt: { accountKey: string; ip: string; standing: ClientStanding },
): { checked: BackoffKey[]; failureCounts: BackoffKey[]; successClears: BackoffKey[] } {
  const { accountKey, ip, standing } = attempt;
  const keyOf = (counter: LoginCounter): BackoffKey | null => {
    switch (counter) {
      case 'device':
        return standing.kind === 'known-device' ? backoff.forDevice(standing.deviceId) : null;
      case 'accountAtIp':
        return backoff.forAccountAtIp(accountKey, ip);
      case 'ip':
        return backoff.forIp(ip);
      case 'account':
        return backoff.forAccount(accountKey);
    }
  };
  const keys = (counters: LoginCounter[]) => counters.map(keyOf).filter((k): k is BackoffKey => k !== null);
  const counters = loginCounters(standing.kind);
  return {
    checked: keys(counters.checked),
    failureCounts: keys(counters.failureCounts),
    successClears: keys(counters.successClears),
  };
}
