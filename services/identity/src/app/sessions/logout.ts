import { randomUUID } from 'node:crypto';
import { executeCommand } from '@parley/eventstore';
import { sessionDecider } from '../../domain/session/decide';
import { parseRefreshToken } from '../../security/refresh-token';
import { subjects } from '../aggregates';
import type { IdentityDeps } from '../deps';
import { refreshSecretDigest } from './issue-session';

/** Ends the session the refresh token belongs to. Always succeeds: a stale or unknown token has nothing left to end. */
export async function logout(deps: IdentityDeps, input: { refreshToken: unknown }): Promise<void> {
  const parsed = typeof input.refreshToken === 'string' ? parseRefreshToken(input.refreshToken) : null;
  if (!parsed) return;
  await executeCommand(
    deps.store,
    subjects(deps.store).session(parsed.sessionId),
    sessionDecider,
    {
      type: 'RevokeSession',
      reason: 'logout',
      presentedHash: refreshSecretDigest(deps, parsed.sessionId, parsed.secret),
      now: deps.clock(),
    },
    { commandId: randomUUID() },
  );
}
