import { randomUUID } from 'node:crypto';
import { executeCommand } from '@parley/eventstore';
import { sessionDecider } from '../../domain/session/decide';
import type { SessionOrigin } from '../../domain/session/events';
import type { UserState } from '../../domain/user/state';
import { signAccessToken } from '../../security/access-token';
import { formatRefreshToken } from '../../security/refresh-token';
import { emailKey, newTokenSecret, secretDigest } from '../../security/secrets';
import { subjects } from '../aggregates';
import type { IdentityDeps } from '../deps';
import { userViewOf, type UserView } from '../user-view';

export interface ClientInfo {
  ip: string;
  userAgent: string;
}

/** The proto Session: an access JWT, a single-use refresh token, and who they belong to. */
export interface IssuedSession {
  accessToken: string;
  /** Epoch seconds. */
  accessExpiresAt: number;
  refreshToken: string;
  refreshExpiresAt: number;
  user: UserView;
  /**
   * The browser's device-token cookie after it proved the password (log-in, sign-up, accepted
   * invitation; see security/device-token.ts); empty on a refresh, which proves no password.
   */
  deviceToken: string;
}

export function refreshSecretDigest(deps: IdentityDeps, sessionId: string, secret: string): string {
  return secretDigest(deps.secrets.codeSecret, 'refresh-token', sessionId, secret);
}

/**
 * Starts a session for a user who just proved who they are (sign-up, log-in, accepted invitation),
 * and remembers the client as one the account knows: its address, and a device token added to
 * the browser's `devices` cookie value.
 */
export async function issueSession(
  deps: IdentityDeps,
  user: UserState,
  origin: SessionOrigin,
  client: ClientInfo,
  devices: string,
): Promise<IssuedSession> {
  const sessionId = randomUUID();
  const secret = newTokenSecret();
  const now = deps.clock();
  const expiresAt = now + deps.tokens.refreshTtlSeconds * 1000;
  await executeCommand(
    deps.store,
    subjects(deps.store).session(sessionId),
    sessionDecider,
    {
      type: 'StartSession',
      sessionId,
      userId: user.userId,
      origin,
      client,
      secretHash: refreshSecretDigest(deps, sessionId, secret),
      expiresAt,
      now,
    },
    { commandId: randomUUID() },
  );
  const deviceToken = await deps.knownClients.remember(emailKey(user.email), client.ip, devices, now);
  return { ...(await sessionReply(deps, user, sessionId, secret, expiresAt, now)), deviceToken };
}

export async function sessionReply(
  deps: IdentityDeps,
  user: UserState,
  sessionId: string,
  secret: string,
  refreshExpiresAtMs: number,
  now: number,
): Promise<IssuedSession> {
  const access = await signAccessToken(
    deps.tokens.signingKey,
    deps.tokens.access,
    {
      userId: user.userId,
      role: user.role,
      accountId: user.accountId,
      email: user.email,
      fullname: user.fullname,
      sessionId,
    },
    now,
  );
  return {
    accessToken: access.token,
    accessExpiresAt: access.expiresAt,
    refreshToken: formatRefreshToken(sessionId, secret),
    refreshExpiresAt: Math.floor(refreshExpiresAtMs / 1000),
    user: userViewOf(user),
    deviceToken: '',
  };
}
