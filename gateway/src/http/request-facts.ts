import type { Request } from 'express';
import type { CallContext } from '../clients/call-context';
import type { ClientInfo } from '../clients/identity-types';
import { DEVICE_COOKIE } from '../auth/cookies';

/** The request id pino-http assigned, passed to services so one request reads as one story in the logs. */
export const callContext = (req: Request): CallContext => ({ requestId: String(req.id) });

/** Who is on the other end, for identity's session records and its log-in back-off. */
export const clientInfo = (req: Request): ClientInfo => ({
  ip: req.ip ?? req.socket.remoteAddress ?? '',
  userAgent: (req.get('user-agent') ?? '').slice(0, 512),
});

/** The rate-limit key for per-client policies. Behind a proxy, req.ip honours TRUST_PROXY. */
export const clientKey = (req: Request): string => req.ip ?? req.socket.remoteAddress ?? 'unknown';

/** The browser's device cookie (identity's opaque device tokens), or '' when it has none; identity checks it. */
export function deviceCookieOf(req: Request): string {
  const value = (req.cookies as Record<string, unknown> | undefined)?.[DEVICE_COOKIE];
  return typeof value === 'string' ? value : '';
}
