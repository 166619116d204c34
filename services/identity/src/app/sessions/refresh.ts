import { randomUUID } from 'node:crypto';
import { executeCommand } from '@parley/eventstore';
import {
  invalidRefreshToken,
  refreshRefusal,
  sessionDecider,
  sessionRevoked,
} from '../../domain/session/decide';
import { userDecider } from '../../domain/user/decide';
import { parseRefreshToken } from '../../security/refresh-token';
import { newTokenSecret } from '../../security/secrets';
import { asDomainEvents, loadState, subjects } from '../aggregates';
import type { IdentityDeps } from '../deps';
import { announceIfEnded } from './end-session';
import { refreshSecretDigest, sessionReply, type ClientInfo, type IssuedSession } from './issue-session';

/**
 * Rotates a refresh token: the presented secret is spent, a new one is handed out. A spent secret
 * presented again means a copy is in someone else's hands: the whole session is ended.
 */
export async function refresh(
  deps: IdentityDeps,
  input: { refreshToken: unknown; client: ClientInfo },
): Promise<IssuedSession> {
  const parsed = typeof input.refreshToken === 'string' ? parseRefreshToken(input.refreshToken) : null;
  if (!parsed) throw invalidRefreshToken();
  const { sessionId } = parsed;
  const at = subjects(deps.store);
  const next = newTokenSecret();
  const now = deps.clock();
  const expiresAt = now + deps.tokens.refreshTtlSeconds * 1000;
  const outcome = await executeCommand(
    deps.store,
    at.session(sessionId),
    sessionDecider,
    {
      type: 'RefreshSession',
      presentedHash: refreshSecretDigest(deps, sessionId, parsed.secret),
      secretHash: refreshSecretDigest(deps, sessionId, next),
      expiresAt,
      client: input.client,
      reuseGraceMs: deps.tokens.reuseGraceSeconds * 1000,
      now,
    },
    { commandId: randomUUID() },
  );
  const refusal = refreshRefusal(asDomainEvents(outcome.events));
  if (refusal) {
    // The whole family ends: the access tokens of the thief and of the rightful holder alike.
    await announceIfEnded(deps, outcome.state);
    throw refusal;
  }

  // Fresh claims: a rename or role change shows in the next access token.
  const user = await loadState(deps.store, at.user(outcome.state.userId), userDecider);
  if (!user.state.exists) throw invalidRefreshToken();
  // A removed member's sessions were ended; one started in the same instant ends here.
  if (user.state.removed) throw sessionRevoked();
  return sessionReply(deps, user.state, sessionId, next, expiresAt, now);
}
