import type { Folded } from '@parley/eventstore';
import { ms } from '../shared/time';
import type { SessionEvent } from './events';
import { SessionEventType as T } from './events';

export interface SpentSecret {
  hash: string;
  spentAt: number;
}

export interface SessionState {
  status: 'none' | 'active' | 'revoked';
  sessionId: string;
  userId: string;
  secretHash: string;
  expiresAt: number;
  /** Every secret rotated away; presenting one again means a copy of the token is in other hands. */
  spent: SpentSecret[];
  /** Epoch ms the session ended; 0 while it has not. */
  revokedAt: number;
}

export const initialSessionState: SessionState = {
  status: 'none',
  sessionId: '',
  userId: '',
  secretHash: '',
  expiresAt: 0,
  spent: [],
  revokedAt: 0,
};

export function evolveSession(state: Folded<SessionState>, event: SessionEvent): Folded<SessionState> {
  switch (event.type) {
    case T.Started:
      return {
        status: 'active',
        sessionId: event.data.sessionId,
        userId: event.data.userId,
        secretHash: event.data.secretHash,
        expiresAt: ms(event.data.expiresAt),
        spent: [],
        revokedAt: 0,
      };
    case T.Refreshed:
      return {
        ...state,
        secretHash: event.data.secretHash,
        expiresAt: ms(event.data.expiresAt),
        spent: [...state.spent, { hash: state.secretHash, spentAt: ms(event.data.refreshedAt) }],
      };
    case T.Revoked:
      return { ...state, status: 'revoked', revokedAt: ms(event.data.revokedAt) };
    default:
      return state;
  }
}
