import { afterFailure, retryDelayMs } from './retry-policy';

const policy = { maxAttempts: 4, retryBaseMs: 1000, retryMaxMs: 5000 };
const connectionRefused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ESOCKET' });

describe('retry policy', () => {
  it('doubles the delay per attempt up to the cap, jittered within the upper half', () => {
    expect([1, 2, 3, 4, 10].map((n) => retryDelayMs(n, policy, () => 1))).toEqual([
      1000, 2000, 4000, 5000, 5000,
    ]);
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n, policy, () => 0))).toEqual([500, 1000, 2000, 2500]);
  });

  it('retries a connection failure or a temporary rejection until the attempts run out', () => {
    expect(afterFailure(1, connectionRefused, policy, () => 1)).toEqual({ kind: 'retry', delayMs: 1000 });
    expect(
      afterFailure(
        3,
        Object.assign(new Error('try later'), { responseCode: 451, permanent: false }),
        policy,
        () => 1,
      ),
    ).toEqual({
      kind: 'retry',
      delayMs: 4000,
    });
    expect(afterFailure(4, connectionRefused, policy)).toEqual({ kind: 'failed' });
  });

  it('gives up at once on a permanent rejection', () => {
    expect(
      afterFailure(
        1,
        Object.assign(new Error('no such user'), { responseCode: 550, permanent: true }),
        policy,
      ),
    ).toEqual({
      kind: 'failed',
    });
  });
});
