import { parseRefreshToken } from '../../security/refresh-token';
import type { IdentityDeps } from '../deps';
import { UUID_PATTERN } from '../ids';
import { endSession } from './end-session';
import { refreshSecretDigest } from './issue-session';

/**
 * Ends the session the refresh token belongs to, and the session of the caller's verified access
 * token (`sessionId`, the gateway's `sid`), so a client holding only one of them still logs out.
 * Always succeeds: a stale or unknown token has nothing left to end.
 */
export async function logout(
  deps: IdentityDeps,
  input: { refreshToken: unknown; sessionId?: unknown },
): Promise<void> {
  const parsed = typeof input.refreshToken === 'string' ? parseRefreshToken(input.refreshToken) : null;
  if (parsed) {
    const presented = refreshSecretDigest(deps, parsed.sessionId, parsed.secret);
    await endSession(deps, parsed.sessionId, 'logout', presented);
  }
  const sessionId = typeof input.sessionId === 'string' ? input.sessionId.toLowerCase() : '';
  if (UUID_PATTERN.test(sessionId) && sessionId !== parsed?.sessionId) {
    await endSession(deps, sessionId, 'logout', null);
  }
}
