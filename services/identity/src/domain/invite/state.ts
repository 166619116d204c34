import type { Folded } from '@parley/eventstore';
import { ms } from '../shared/time';
import type { InviteEvent } from './events';
import { InviteEventType as T } from './events';

export type InviteStatus = 'none' | 'pending' | 'revoked' | 'accepted';

export interface InviteState {
  status: InviteStatus;
  inviteId: string;
  accountId: string;
  email: string;
  invitedBy: string;
  inviterName: string;
  /** HMAC of the newest token; older tokens stop working when a new one is sent. */
  tokenHash: string;
  /** Epoch ms. */
  expiresAt: number;
  /** First sending of the current invitation (epoch ms). */
  invitedAt: number;
  lastSentAt: number;
  /** Sendings of the current invitation. */
  sends: number;
  /** The member an accepted invitation created. */
  userId: string;
}

export const initialInviteState: InviteState = {
  status: 'none',
  inviteId: '',
  accountId: '',
  email: '',
  invitedBy: '',
  inviterName: '',
  tokenHash: '',
  expiresAt: 0,
  invitedAt: 0,
  lastSentAt: 0,
  sends: 0,
  userId: '',
};

export function evolveInvite(state: Folded<InviteState>, event: InviteEvent): Folded<InviteState> {
  switch (event.type) {
    case T.Issued: {
      const d = event.data;
      const resend = state.status === 'pending';
      return {
        status: 'pending',
        inviteId: d.inviteId,
        accountId: d.accountId,
        email: d.email,
        invitedBy: d.invitedBy,
        inviterName: d.inviterName,
        tokenHash: d.tokenHash,
        expiresAt: ms(d.expiresAt),
        invitedAt: resend ? state.invitedAt : ms(d.issuedAt),
        lastSentAt: ms(d.issuedAt),
        sends: resend ? state.sends + 1 : 1,
        userId: '',
      };
    }
    case T.Revoked:
      return { ...state, status: 'revoked', tokenHash: '' };
    case T.Accepted:
      return { ...state, status: 'accepted', tokenHash: '', userId: event.data.userId };
    default:
      return state;
  }
}
