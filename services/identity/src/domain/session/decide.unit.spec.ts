import { deciderSpec } from '@parley/testing';
import type { SessionCommand } from './commands';
import { refreshRefusal, sessionDecider } from './decide';
import type { SessionEvent } from './events';
import { SessionEventType as T } from './events';

const T0 = Date.parse('2030-01-01T10:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();
const spec = deciderSpec(sessionDecider);
const DAY = 24 * 60 * 60 * 1000;
const client = { ip: '203.0.113.7', userAgent: 'jest' };

const started: SessionEvent = {
  type: T.Started,
  data: {
    sessionId: 'sess1',
    userId: 'u1',
    origin: 'login',
    client,
    secretHash: 'h1',
    expiresAt: iso(T0 + 30 * DAY),
    startedAt: iso(T0),
  },
};
const refreshed = (hash: string, at: number): SessionEvent => ({
  type: T.Refreshed,
  data: { sessionId: 'sess1', secretHash: hash, expiresAt: iso(at + 30 * DAY), refreshedAt: iso(at), client },
});
const refresh = (presentedHash: string, now: number, next = 'h-next', reuseGraceMs = 0): SessionCommand => ({
  type: 'RefreshSession',
  presentedHash,
  secretHash: next,
  expiresAt: now + 30 * DAY,
  client,
  reuseGraceMs,
  now,
});
const revoked = (reason: 'logout' | 'reuse' | 'password_changed', at: number): SessionEvent => ({
  type: T.Revoked,
  data: { sessionId: 'sess1', userId: 'u1', reason, revokedAt: iso(at) },
});

describe('session: StartSession', () => {
  it('starts a session holding only the secret hash', () => {
    spec
      .given([])
      .when({
        type: 'StartSession',
        sessionId: 'sess1',
        userId: 'u1',
        origin: 'login',
        client,
        secretHash: 'h1',
        expiresAt: T0 + 30 * DAY,
        now: T0,
      })
      .then([started]);
  });
});

describe('session: RefreshSession', () => {
  it('the current secret rotates to a new one and slides the expiry', () => {
    const state = spec
      .given([started])
      .when(refresh('h1', T0 + DAY, 'h2'))
      .then([refreshed('h2', T0 + DAY)]);
    expect(state.secretHash).toBe('h2');
    expect(state.spent.map((s) => s.hash)).toEqual(['h1']);
  });

  it('a spent secret presented again is reuse: the session is revoked and answered TOKEN_REUSED', () => {
    const events = [revoked('reuse', T0 + 2 * DAY)];
    spec
      .given([started, refreshed('h2', T0 + DAY)])
      .when(refresh('h1', T0 + 2 * DAY))
      .then(events);
    expect(refreshRefusal(events)).toMatchObject({ kind: 'unauthenticated', code: 'TOKEN_REUSED' });
    expect(refreshRefusal([refreshed('h3', T0)])).toBeNull();
  });

  it('within the configured grace a just-spent secret is answered TOKEN_ROTATED without ending the session', () => {
    spec
      .given([started, refreshed('h2', T0 + DAY)])
      .when(refresh('h1', T0 + DAY + 500, 'x', 2000))
      .thenThrows('TOKEN_ROTATED');
  });

  it('an expired session cannot be refreshed', () => {
    spec
      .given([started])
      .when(refresh('h1', T0 + 30 * DAY))
      .thenThrows('SESSION_EXPIRED');
  });

  it('a revoked session cannot be refreshed, even with its current secret', () => {
    spec
      .given([started, revoked('logout', T0 + 1)])
      .when(refresh('h1', T0 + 2))
      .thenThrows('SESSION_REVOKED');
  });

  it('a secret that never belonged to the session is refused without ending it', () => {
    spec
      .given([started])
      .when(refresh('forged', T0 + 1))
      .thenThrows('INVALID_REFRESH_TOKEN');
  });

  it('an unknown session is refused', () => {
    spec.given([]).when(refresh('h1', T0)).thenThrows('unauthenticated');
  });
});

describe('session: RevokeSession', () => {
  it('log-out with the current secret ends the session', () => {
    spec
      .given([started])
      .when({ type: 'RevokeSession', reason: 'logout', presentedHash: 'h1', now: T0 + 1 })
      .then([revoked('logout', T0 + 1)]);
  });

  it("log-out with a secret that is not the session's records nothing", () => {
    spec
      .given([started])
      .when({ type: 'RevokeSession', reason: 'logout', presentedHash: 'nope', now: T0 + 1 })
      .then([]);
  });

  it('the service ends a session without a secret (password changed)', () => {
    spec
      .given([started])
      .when({ type: 'RevokeSession', reason: 'password_changed', presentedHash: null, now: T0 + 1 })
      .then([revoked('password_changed', T0 + 1)]);
  });

  it('an ended session stays ended, with nothing recorded', () => {
    spec
      .given([started, revoked('logout', T0 + 1)])
      .when({ type: 'RevokeSession', reason: 'logout', presentedHash: 'h1', now: T0 + 2 })
      .then([]);
  });
});
