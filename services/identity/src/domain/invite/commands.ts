export interface IssuedInviteToken {
  /** HMAC of the token: what acceptance is checked against. */
  hash: string;
  /** The token sealed with MAIL_SEAL_KEY, for the notifications service. */
  sealed: string;
}

export type InviteCommand =
  | {
      type: 'IssueInvite';
      inviteId: string;
      accountId: string;
      email: string;
      invitedBy: string;
      inviterName: string;
      token: IssuedInviteToken;
      now: number;
    }
  | { type: 'RevokeInvite'; now: number }
  | { type: 'AcceptInvite'; tokenHash: string; userId: string; now: number };
