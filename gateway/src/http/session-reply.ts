import { isAppError, isIdentityRefusal } from '@parley/contracts';
import type { Response } from 'express';
import { clearedSessionCookies, deviceCookie, sessionCookies } from '../auth/cookies';
import type { ProtoSession } from '../clients/identity-types';
import { sessionView } from './views';

/** Sets the three session cookies (and the device cookie identity handed back) and answers with the session body of docs/api.md. */
export function replyWithSession(
  res: Response,
  status: number,
  session: ProtoSession,
  cookieSecure: boolean,
): void {
  const body = sessionView(session);
  const device = deviceCookie(session.deviceToken, cookieSecure);
  for (const cookie of [...sessionCookies(session, cookieSecure), ...(device ? [device] : [])])
    res.cookie(cookie.name, cookie.value, cookie.options);
  res.status(status).json(body);
}

export function clearSessionCookies(res: Response, cookieSecure: boolean): void {
  for (const cookie of clearedSessionCookies(cookieSecure)) res.clearCookie(cookie.name, cookie.options);
}

/**
 * Whether a refused refresh means the browser's refresh cookie is dead (expired, revoked, reused,
 * unknown), so the cookies should go. Not for TOKEN_ROTATED: another tab refreshed a moment ago and
 * the browser already holds the newer cookies, which clearing would throw away.
 */
export function refreshRefusalEndsSession(error: unknown): boolean {
  return (
    isAppError(error) &&
    (error.kind === 'unauthenticated' || error.kind === 'forbidden') &&
    !isIdentityRefusal(error, 'TOKEN_ROTATED')
  );
}
