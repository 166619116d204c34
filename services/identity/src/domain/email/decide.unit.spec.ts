import { deciderSpec } from '@parley/testing';
import type { AppError } from '@parley/contracts';
import { emailDecider } from './decide';
import type { EmailEvent } from './events';
import { EmailEventType as T } from './events';

const T0 = Date.parse('2030-01-01T10:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();
const spec = deciderSpec(emailDecider);
const claimed = (userId: string, signupId: string | null, at: number): EmailEvent => ({
  type: T.Claimed,
  data: { userId, signupId, claimedAt: iso(at) },
});

describe('email claim: ClaimEmail', () => {
  it('given a free address, claims it for the user', () => {
    const state = spec
      .given([])
      .when({ type: 'ClaimEmail', userId: 'u1', signupId: 's1', now: T0 })
      .then([claimed('u1', 's1', T0)]);
    expect(state.claimedBy).toBe('u1');
  });

  it('given the address claimed by another user, answers EMAIL_TAKEN on the email field', () => {
    const error = spec
      .given([claimed('u1', 's1', T0)])
      .when({ type: 'ClaimEmail', userId: 'u2', signupId: 's2', now: T0 + 1 })
      .thenThrows('EMAIL_TAKEN') as AppError;
    expect(error).toMatchObject({ kind: 'conflict', message: 'An account with this email already exists' });
    expect(error.fields).toEqual([{ field: 'email', message: 'An account with this email already exists' }]);
  });

  it('given the address claimed by the same user (a retried registration), records nothing', () => {
    spec
      .given([claimed('u1', null, T0)])
      .when({ type: 'ClaimEmail', userId: 'u1', signupId: null, now: T0 + 1 })
      .then([]);
  });
});

describe('email claim: ReleaseEmail', () => {
  const released = (userId: string, at: number): EmailEvent => ({
    type: T.Released,
    data: { userId, releasedAt: iso(at) },
  });
  it('frees the address of the user holding it, which can then be claimed again', () => {
    const state = spec
      .given([claimed('u1', null, T0)])
      .when({ type: 'ReleaseEmail', userId: 'u1', now: T0 + 1 })
      .then([released('u1', T0 + 1)]);
    expect(state.claimedBy).toBeNull();
    spec
      .given([claimed('u1', null, T0), released('u1', T0 + 1)])
      .when({ type: 'ClaimEmail', userId: 'u2', signupId: null, now: T0 + 2 })
      .then([claimed('u2', null, T0 + 2)]);
  });
  it('leaves another user’s claim alone', () => {
    spec
      .given([claimed('u2', null, T0)])
      .when({ type: 'ReleaseEmail', userId: 'u1', now: T0 + 1 })
      .then([]);
  });
});
