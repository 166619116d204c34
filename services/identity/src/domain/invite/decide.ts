import { identityError } from '@parley/contracts';
import { TEAM_MESSAGES } from '@parley/contracts/validation';
import type { Decider } from '@parley/eventstore';
import { sameDigest } from '../shared/equal';
import { iso, secondsUntil } from '../shared/time';
import type { InviteCommand } from './commands';
import type { InviteEvent } from './events';
import { InviteEventType as T } from './events';
import { INVITE_RESEND_INTERVAL_MS, INVITE_TTL_MS, MAX_INVITE_SENDS } from './policy';
import { evolveInvite, initialInviteState, type InviteState } from './state';

export const inviteNotFound = () =>
  identityError('not_found', TEAM_MESSAGES.inviteNotFound, 'INVITE_NOT_FOUND');

/** Whether a presented token opens this invitation now: pending, the newest token, not expired. */
export function isOpenFor(state: InviteState, tokenHash: string, now: number): boolean {
  return state.status === 'pending' && sameDigest(tokenHash, state.tokenHash) && now < state.expiresAt;
}

export function decideInvite(command: InviteCommand, state: InviteState): InviteEvent[] {
  switch (command.type) {
    case 'IssueInvite': {
      if (state.status === 'pending') {
        const wait = state.lastSentAt + INVITE_RESEND_INTERVAL_MS - command.now;
        if (wait > 0) {
          const retryAfter = secondsUntil(state.lastSentAt + INVITE_RESEND_INTERVAL_MS, command.now);
          throw identityError(
            'rate_limited',
            'This invitation was sent a moment ago',
            'RESEND_TOO_SOON',
            [],
            retryAfter,
          );
        }
        if (state.sends >= MAX_INVITE_SENDS) {
          throw identityError(
            'rate_limited',
            'This invitation was sent too many times. Revoke it and invite again later.',
            'TOO_MANY_INVITES',
          );
        }
      }
      const { inviteId, accountId, email, invitedBy, inviterName, token, now } = command;
      return [
        {
          type: T.Issued,
          data: {
            inviteId,
            accountId,
            email,
            invitedBy,
            inviterName,
            tokenHash: token.hash,
            sealedToken: token.sealed,
            expiresAt: iso(now + INVITE_TTL_MS),
            issuedAt: iso(now),
          },
        },
      ];
    }
    case 'RevokeInvite': {
      if (state.status !== 'pending') throw inviteNotFound();
      const { inviteId, accountId, email } = state;
      return [{ type: T.Revoked, data: { inviteId, accountId, email, revokedAt: iso(command.now) } }];
    }
    case 'AcceptInvite': {
      // The same acceptance again (a retried request finishing its chain) records nothing.
      if (state.status === 'accepted' && state.userId === command.userId) return [];
      if (!isOpenFor(state, command.tokenHash, command.now)) throw inviteNotFound();
      const { inviteId, accountId, email } = state;
      return [
        {
          type: T.Accepted,
          data: { inviteId, accountId, email, userId: command.userId, acceptedAt: iso(command.now) },
        },
      ];
    }
  }
}

export const inviteDecider: Decider<InviteCommand, InviteEvent, InviteState> = {
  initialState: initialInviteState,
  evolve: evolveInvite,
  decide: decideInvite,
};
