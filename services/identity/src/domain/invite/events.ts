import type { DomainEvent } from '@parley/eventstore';
import { IdentityEvent } from '@parley/contracts';

/**
 * A team invitation (subject identity.invite.<inviteId>): one stream per account and address, so
 * inviting an address again re-sends instead of piling up invitations. Only an HMAC of the token
 * is kept; the token itself travels sealed for the mailer.
 */
export const InviteEventType = {
  Issued: IdentityEvent.TeamInviteIssued,
  Revoked: IdentityEvent.TeamInviteRevoked,
  Accepted: IdentityEvent.TeamInviteAccepted,
} as const;

/** Public part matches teamInviteIssuedSchema; tokenHash is identity's own. */
export type TeamInviteIssued = DomainEvent<
  typeof InviteEventType.Issued,
  {
    inviteId: string;
    accountId: string;
    email: string;
    invitedBy: string;
    inviterName: string;
    tokenHash: string;
    sealedToken: string;
    expiresAt: string;
    issuedAt: string;
  }
>;

export type TeamInviteRevoked = DomainEvent<
  typeof InviteEventType.Revoked,
  { inviteId: string; accountId: string; email: string; revokedAt: string }
>;

export type TeamInviteAccepted = DomainEvent<
  typeof InviteEventType.Accepted,
  { inviteId: string; accountId: string; email: string; userId: string; acceptedAt: string }
>;

export type InviteEvent = TeamInviteIssued | TeamInviteRevoked | TeamInviteAccepted;
