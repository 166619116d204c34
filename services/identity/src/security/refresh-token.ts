const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SECRET = /^[A-Za-z0-9_-]{43}$/;

/** The opaque refresh token handed to clients: `<sessionId>.<secret>`. */
export function formatRefreshToken(sessionId: string, secret: string): string {
  return `${sessionId}.${secret}`;
}

export function parseRefreshToken(token: string): { sessionId: string; secret: string } | null {
  const [sessionId, secret, ...rest] = token.trim().split('.');
  if (rest.length > 0 || !sessionId || !secret || !UUID.test(sessionId) || !SECRET.test(secret)) return null;
  return { sessionId: sessionId.toLowerCase(), secret };
}
