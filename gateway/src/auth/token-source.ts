import type { IncomingHttpHeaders } from 'node:http';
import { ACCESS_COOKIE } from './cookies';

export interface PresentedToken {
  token: string;
  /** A cookie is sent by the browser on its own, so cookie-authenticated writes need an origin check. */
  source: 'bearer' | 'cookie';
}

/**
 * The access token a request presents. The bearer header wins over the cookie: a client that
 * sets the header said what it means. `cookies` is what cookie-parser put on the request.
 */
export function presentedToken(
  headers: IncomingHttpHeaders,
  cookies: Record<string, unknown> | undefined,
): PresentedToken | undefined {
  const authorization = headers.authorization;
  if (typeof authorization === 'string') {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    if (match?.[1]) return { token: match[1], source: 'bearer' };
  }
  const cookie = cookies?.[ACCESS_COOKIE];
  if (typeof cookie === 'string' && cookie.length > 0) return { token: cookie, source: 'cookie' };
  return undefined;
}
