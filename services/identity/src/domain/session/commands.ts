import type { ClientDetails, RevocationReason, SessionOrigin } from './events';

export type SessionCommand =
  | {
      type: 'StartSession';
      sessionId: string;
      userId: string;
      origin: SessionOrigin;
      client: ClientDetails;
      secretHash: string;
      expiresAt: number;
      now: number;
    }
  | {
      type: 'RefreshSession';
      /** HMAC of the secret the client presented. */
      presentedHash: string;
      /** HMAC of the next secret, handed out if the rotation is accepted. */
      secretHash: string;
      expiresAt: number;
      client: ClientDetails;
      /** How long a just-rotated secret is answered as "already rotated" instead of as theft. */
      reuseGraceMs: number;
      now: number;
    }
  /** presentedHash: the refresh token's secret for a log-out (must belong to the session); null
   *  when the service itself ends the session (password change). */
  | { type: 'RevokeSession'; reason: RevocationReason; presentedHash: string | null; now: number };
