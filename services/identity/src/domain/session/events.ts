import type { DomainEvent } from '@parley/eventstore';
import { IdentityEvent } from '@parley/contracts';

/**
 * The session aggregate (subject identity.session.<sessionId>): one log-in on one device, kept
 * alive by rotating refresh tokens. Only HMACs of refresh-token secrets are ever recorded.
 */
export const SessionEventType = {
  Started: 'identity.SessionStarted',
  Refreshed: 'identity.SessionRefreshed',
  Revoked: IdentityEvent.SessionRevoked,
} as const;

export type SessionOrigin = 'signup' | 'login' | 'invite';
export type RevocationReason = 'logout' | 'reuse' | 'password_changed' | 'member_removed';

export interface ClientDetails {
  ip: string;
  userAgent: string;
}

export type SessionStarted = DomainEvent<
  typeof SessionEventType.Started,
  {
    sessionId: string;
    userId: string;
    origin: SessionOrigin;
    client: ClientDetails;
    secretHash: string;
    expiresAt: string;
    startedAt: string;
  }
>;

export type SessionRefreshed = DomainEvent<
  typeof SessionEventType.Refreshed,
  { sessionId: string; secretHash: string; expiresAt: string; refreshedAt: string; client: ClientDetails }
>;

export type SessionRevoked = DomainEvent<
  typeof SessionEventType.Revoked,
  { sessionId: string; userId: string; reason: RevocationReason; revokedAt: string }
>;

export type SessionEvent = SessionStarted | SessionRefreshed | SessionRevoked;
