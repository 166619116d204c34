import { AppError, type Role } from '@parley/contracts';
import type { RequestHandler } from 'express';
import { principalOf } from './caller';

/** 401 unless the request carries a valid access token. */
export const requireAuth: RequestHandler = (_req, res, next) => {
  principalOf(res);
  next();
};

/** 401 without a valid token, 403 when the caller's role is not one of `roles`. */
export function requireRole(...roles: Role[]): RequestHandler {
  return (_req, res, next) => {
    const principal = principalOf(res);
    if (!roles.includes(principal.role)) {
      throw new AppError('forbidden', 'You do not have permission to do this');
    }
    next();
  };
}
