/**
 * Where identity tells every gateway replica that a session has ended (log-out, a reused refresh
 * token, a password change, a removed member), so the access tokens it issued stop at once instead
 * of when they run out. Both programs use the same Redis (`REDIS_URL`) and `EVENT_NAMESPACE`.
 *
 * - key `revokedSession(id)`: present while any access token of the session can still be
 *   unexpired; the gateway refuses a token whose `sid` has it (one `EXISTS` per request).
 * - channel `revokedChannel`: the ended session's id, published once; each replica closes its own
 *   sockets of that session.
 */
export interface SessionRevocationNames {
  revokedSession(sessionId: string): string;
  revokedChannel: string;
}

export function sessionRevocationNames(namespace: string): SessionRevocationNames {
  const prefix = `${namespace ? `${namespace}:` : ''}parley:identity:`;
  return {
    revokedSession: (sessionId) => `${prefix}revoked-session:${sessionId}`,
    revokedChannel: `${prefix}sessions-revoked`,
  };
}
