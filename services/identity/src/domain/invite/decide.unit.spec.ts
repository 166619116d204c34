import { deciderSpec } from '@parley/testing';
import type { InviteCommand } from './commands';
import { inviteDecider, isOpenFor } from './decide';
import type { InviteEvent } from './events';
import { InviteEventType as T } from './events';
import { evolveInvite, initialInviteState } from './state';

const T0 = Date.parse('2030-01-01T10:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();
const WEEK = 7 * 24 * 3600 * 1000;
const spec = deciderSpec(inviteDecider);

const issue = (now: number, hash = 'h1'): InviteCommand => ({
  type: 'IssueInvite',
  inviteId: 'i1',
  accountId: 'a1',
  email: 'bob@example.com',
  invitedBy: 'a1',
  inviterName: 'Ada Lovelace',
  token: { hash, sealed: `sealed-${hash}` },
  now,
});
const issued = (now: number, hash = 'h1'): InviteEvent => ({
  type: T.Issued,
  data: {
    inviteId: 'i1',
    accountId: 'a1',
    email: 'bob@example.com',
    invitedBy: 'a1',
    inviterName: 'Ada Lovelace',
    tokenHash: hash,
    sealedToken: `sealed-${hash}`,
    expiresAt: iso(now + WEEK),
    issuedAt: iso(now),
  },
});
const revoked = (now: number): InviteEvent => ({
  type: T.Revoked,
  data: { inviteId: 'i1', accountId: 'a1', email: 'bob@example.com', revokedAt: iso(now) },
});
const accepted = (now: number, userId = 'u9'): InviteEvent => ({
  type: T.Accepted,
  data: { inviteId: 'i1', accountId: 'a1', email: 'bob@example.com', userId, acceptedAt: iso(now) },
});

describe('invite: IssueInvite', () => {
  it('given nothing, issues a token valid for 7 days', () => {
    const state = spec
      .given([])
      .when(issue(T0))
      .then([issued(T0)]);
    expect(state).toMatchObject({ status: 'pending', sends: 1, invitedAt: T0, expiresAt: T0 + WEEK });
  });
  it('given a pending invitation sent under 60 s ago, refuses RESEND_TOO_SOON with the wait', () => {
    const error = spec
      .given([issued(T0)])
      .when(issue(T0 + 20_000, 'h2'))
      .thenThrows('RESEND_TOO_SOON');
    expect(error).toMatchObject({ kind: 'rate_limited', retryAfter: 40 });
  });
  it('given a pending invitation sent 60 s ago, re-sends a new token and keeps the first invitedAt', () => {
    const state = spec
      .given([issued(T0)])
      .when(issue(T0 + 60_000, 'h2'))
      .then([issued(T0 + 60_000, 'h2')]);
    expect(state).toMatchObject({ sends: 2, invitedAt: T0, tokenHash: 'h2', expiresAt: T0 + 60_000 + WEEK });
  });
  it('caps a pending invitation at 5 sendings', () => {
    const five = [0, 1, 2, 3, 4].map((i) => issued(T0 + i * 60_000, `h${i}`));
    spec
      .given(five)
      .when(issue(T0 + 10 * 60_000, 'h9'))
      .thenThrows('TOO_MANY_INVITES');
  });
  it('given a revoked or accepted invitation, starts a new one', () => {
    const later = T0 + 1000;
    expect(
      spec
        .given([issued(T0), revoked(T0)])
        .when(issue(later, 'h2'))
        .then([issued(later, 'h2')]),
    ).toMatchObject({
      sends: 1,
      invitedAt: later,
    });
    spec
      .given([issued(T0), accepted(T0)])
      .when(issue(later, 'h2'))
      .then([issued(later, 'h2')]);
  });
});

describe('invite: RevokeInvite', () => {
  it('revokes a pending invitation', () => {
    spec
      .given([issued(T0)])
      .when({ type: 'RevokeInvite', now: T0 + 1 })
      .then([revoked(T0 + 1)]);
  });
  it('anything but a pending invitation is not found', () => {
    spec.given([]).when({ type: 'RevokeInvite', now: T0 }).thenThrows('INVITE_NOT_FOUND');
    spec
      .given([issued(T0), revoked(T0)])
      .when({ type: 'RevokeInvite', now: T0 })
      .thenThrows('INVITE_NOT_FOUND');
    spec
      .given([issued(T0), accepted(T0)])
      .when({ type: 'RevokeInvite', now: T0 })
      .thenThrows('INVITE_NOT_FOUND');
  });
});

describe('invite: AcceptInvite', () => {
  const acceptWith = (tokenHash: string, now: number, userId = 'u9'): InviteCommand => ({
    type: 'AcceptInvite',
    tokenHash,
    userId,
    now,
  });
  it('accepts with the newest token before it expires', () => {
    spec
      .given([issued(T0)])
      .when(acceptWith('h1', T0 + WEEK - 1))
      .then([accepted(T0 + WEEK - 1)]);
  });
  it('refuses an expired, replaced, wrong or revoked token with the spec message', () => {
    const error = spec
      .given([issued(T0)])
      .when(acceptWith('h1', T0 + WEEK))
      .thenThrows('INVITE_NOT_FOUND');
    expect(error).toMatchObject({ kind: 'not_found', message: 'This invitation is invalid or has expired' });
    spec
      .given([issued(T0), issued(T0 + 60_000, 'h2')])
      .when(acceptWith('h1', T0 + 70_000))
      .thenThrows('INVITE_NOT_FOUND');
    spec
      .given([issued(T0)])
      .when(acceptWith('nope', T0))
      .thenThrows('INVITE_NOT_FOUND');
    spec
      .given([issued(T0), revoked(T0)])
      .when(acceptWith('h1', T0 + 1))
      .thenThrows('INVITE_NOT_FOUND');
  });
  it('the same acceptance again records nothing; another one is refused', () => {
    spec
      .given([issued(T0), accepted(T0)])
      .when(acceptWith('h1', T0 + 1))
      .then([]);
    spec
      .given([issued(T0), accepted(T0)])
      .when(acceptWith('h1', T0 + 1, 'u2'))
      .thenThrows('INVITE_NOT_FOUND');
  });
  it('isOpenFor: nothing opens an invitation that was never issued', () => {
    expect(isOpenFor(initialInviteState, '', T0)).toBe(false);
    expect(isOpenFor(evolveInvite(initialInviteState, issued(T0)), 'h1', T0)).toBe(true);
  });
});
