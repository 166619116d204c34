import { AppError, identityError } from '@parley/contracts';
import type { Decider } from '@parley/eventstore';
import { sameDigest } from '../shared/equal';
import { iso } from '../shared/time';
import type { SessionCommand } from './commands';
import type { RevocationReason, SessionEvent } from './events';
import { SessionEventType as T } from './events';
import { evolveSession, initialSessionState, type SessionState } from './state';

export const invalidRefreshToken = () =>
  identityError('unauthenticated', 'Invalid refresh token. Please log in again.', 'INVALID_REFRESH_TOKEN');
export const sessionExpired = () =>
  identityError('unauthenticated', 'Your session has expired. Please log in again.', 'SESSION_EXPIRED');
export const sessionRevoked = () =>
  identityError('unauthenticated', 'Your session has ended. Please log in again.', 'SESSION_REVOKED');
export const tokenReused = () =>
  identityError(
    'unauthenticated',
    'This refresh token was already used, so the session was ended to protect your account. Please log in again.',
    'TOKEN_REUSED',
  );
export const tokenJustRotated = () =>
  identityError(
    'unauthenticated',
    'This refresh token was just replaced by a newer one. Use the newest token.',
    'TOKEN_ROTATED',
  );

export function decideSession(command: SessionCommand, state: SessionState): SessionEvent[] {
  switch (command.type) {
    case 'StartSession': {
      if (state.status !== 'none') return []; // same session id: a retried start
      const { sessionId, userId, origin, client, secretHash, expiresAt, now } = command;
      return [
        {
          type: T.Started,
          data: {
            sessionId,
            userId,
            origin,
            client,
            secretHash,
            expiresAt: iso(expiresAt),
            startedAt: iso(now),
          },
        },
      ];
    }

    case 'RefreshSession': {
      if (state.status === 'none') throw invalidRefreshToken();
      if (state.status === 'revoked') throw sessionRevoked();
      if (sameDigest(command.presentedHash, state.secretHash)) {
        if (command.now >= state.expiresAt) throw sessionExpired();
        return [
          {
            type: T.Refreshed,
            data: {
              sessionId: state.sessionId,
              secretHash: command.secretHash,
              expiresAt: iso(command.expiresAt),
              refreshedAt: iso(command.now),
              client: command.client,
            },
          },
        ];
      }
      const spent = state.spent.find((s) => sameDigest(command.presentedHash, s.hash));
      if (!spent) throw invalidRefreshToken();
      if (command.now - spent.spentAt < command.reuseGraceMs) throw tokenJustRotated();
      // Recorded, then answered as TOKEN_REUSED by the caller (see refreshRefusal).
      return [revoked(state, 'reuse', command.now)];
    }

    case 'RevokeSession': {
      if (state.status !== 'active') return [];
      if (command.presentedHash !== null) {
        const presented = command.presentedHash;
        const belongs =
          sameDigest(presented, state.secretHash) || state.spent.some((s) => sameDigest(presented, s.hash));
        if (!belongs) return []; // log-out with a token that is not this session's: nothing to end
      }
      return [revoked(state, command.reason, command.now)];
    }
  }
}

function revoked(state: SessionState, reason: RevocationReason, now: number): SessionEvent {
  return {
    type: T.Revoked,
    data: { sessionId: state.sessionId, userId: state.userId, reason, revokedAt: iso(now) },
  };
}

/** After RefreshSession: the error to answer when the appended events ended the session for reuse. */
export function refreshRefusal(events: SessionEvent[]): AppError | null {
  return events.some((e) => e.type === T.Revoked && e.data.reason === 'reuse') ? tokenReused() : null;
}

export const sessionDecider: Decider<SessionCommand, SessionEvent, SessionState> = {
  initialState: initialSessionState,
  evolve: evolveSession,
  decide: decideSession,
};
