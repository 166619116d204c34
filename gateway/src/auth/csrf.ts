import { AppError } from '@parley/contracts';
import type { RequestHandler } from 'express';
import { callerOf } from './caller';
import { ACCESS_COOKIE, REFRESH_COOKIE } from './cookies';
import { isForgeryRisk } from './origin';

export const ORIGIN_REFUSED_MESSAGE = 'Request origin not allowed';

/** Refuses cookie-authenticated writes from origins other than the frontend's (403 ORIGIN_NOT_ALLOWED). */
export function refuseCrossSiteWrites(allowedOrigins: readonly string[]): RequestHandler {
  return (req, res, next) => {
    const cookies = (req.cookies ?? {}) as Record<string, unknown>;
    const risky = isForgeryRisk(
      {
        method: req.method,
        hasBearer: callerOf(res).presented?.source === 'bearer',
        hasSessionCookie: Boolean(cookies[ACCESS_COOKIE] || cookies[REFRESH_COOKIE]),
        origin: req.get('origin'),
        referer: req.get('referer'),
      },
      allowedOrigins,
    );
    if (risky) throw new AppError('forbidden', ORIGIN_REFUSED_MESSAGE, [], 'ORIGIN_NOT_ALLOWED');
    next();
  };
}
