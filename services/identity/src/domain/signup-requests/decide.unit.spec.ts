import { deciderSpec } from '@parley/testing';
import type { AppError } from '@parley/contracts';
import { signupRequestsDecider } from './decide';
import type { SignupRequestEvent } from './events';
import { SignupRequestEventType as T } from './events';
import { DAY_MS, SIGNUP_REQUEST_INTERVAL_MS } from './policy';

const T0 = Date.parse('2030-01-01T10:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();
const spec = deciderSpec(signupRequestsDecider);
const requested = (signupId: string, at: number, supersedes: string | null = null): SignupRequestEvent => ({
  type: T.Requested,
  data: { signupId, supersedes, requestedAt: iso(at) },
});

describe('sign-up requests: RequestSignup', () => {
  it('given a fresh address, records the sign-up as its latest', () => {
    const state = spec
      .given([])
      .when({ type: 'RequestSignup', signupId: 's1', now: T0 })
      .then([requested('s1', T0)]);
    expect(state.latestSignupId).toBe('s1');
  });

  it('given the same sign-up already recorded (a retry), records nothing', () => {
    spec
      .given([requested('s1', T0)])
      .when({ type: 'RequestSignup', signupId: 's1', now: T0 + 10 })
      .then([]);
  });

  it('a newer sign-up within 60 s of the last is throttled with the seconds left', () => {
    const error = spec
      .given([requested('s1', T0)])
      .when({ type: 'RequestSignup', signupId: 's2', now: T0 + 20_000 })
      .thenThrows('RESEND_TOO_SOON') as AppError;
    expect(error).toMatchObject({ kind: 'rate_limited', retryAfter: 40 });
  });

  it('a newer sign-up after 60 s becomes the latest (superseding the earlier one)', () => {
    const state = spec
      .given([requested('s1', T0)])
      .when({ type: 'RequestSignup', signupId: 's2', now: T0 + SIGNUP_REQUEST_INTERVAL_MS })
      .then([requested('s2', T0 + SIGNUP_REQUEST_INTERVAL_MS, 's1')]);
    expect(state.latestSignupId).toBe('s2');
  });

  it('at most five sign-ups a day per address; the sixth waits for the oldest to age out', () => {
    const hour = 60 * 60 * 1000;
    const given = [0, 1, 2, 3, 4].map((n) => requested(`s${n}`, T0 + n * hour, n === 0 ? null : `s${n - 1}`));
    const error = spec
      .given(given)
      .when({ type: 'RequestSignup', signupId: 's5', now: T0 + 5 * hour })
      .thenThrows('TOO_MANY_SIGNUPS') as AppError;
    expect(error.retryAfter).toBe((DAY_MS - 5 * hour) / 1000);
    spec
      .given(given)
      .when({ type: 'RequestSignup', signupId: 's5', now: T0 + DAY_MS + 1 })
      .then([requested('s5', T0 + DAY_MS + 1, 's4')]);
  });
});
