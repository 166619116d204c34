import { AppError } from '@parley/contracts';
import type { Caller as ServiceCaller } from '@parley/grpc';
import type { RequestHandler, Response } from 'express';
import type { Principal } from './claims';
import { presentedToken, type PresentedToken } from './token-source';
import { UNAUTHENTICATED_MESSAGE, type TokenVerifier } from './token-verifier';
import { isVisitorToken } from './visitor-token';

/** What the gateway knows about who sent a request; set once per request by `identifyCaller`. */
export interface Caller {
  presented?: PresentedToken;
  principal?: Principal;
  /** Why a presented token was not accepted (expired, bad signature, keys unreachable). */
  rejection?: AppError;
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Locals {
      caller?: Caller;
      /** The error code a failed request was answered with, for the request log line. */
      errorCode?: string;
    }
  }
}

/**
 * Verifies the presented token, if any, without refusing anything: public routes ignore it,
 * the maintenance guard lets admins through, `requireAuth` turns a missing principal into 401.
 */
export function identifyCaller(verify: TokenVerifier): RequestHandler {
  return async (req, res, next) => {
    const presented = presentedToken(req.headers, req.cookies as Record<string, unknown> | undefined);
    const caller: Caller = { presented };
    // A widget's visitor token is never a dashboard token: not tried as one (the widget routes
    // verify it themselves), so a team route answers it the plain 401 without a failed check.
    if (presented && !isVisitorToken(presented.token)) {
      try {
        caller.principal = (await verify(presented.token)).principal;
      } catch (error) {
        caller.rejection =
          error instanceof AppError ? error : new AppError('unauthenticated', UNAUTHENTICATED_MESSAGE);
      }
    }
    res.locals.caller = caller;
    next();
  };
}

export const callerOf = (res: Response): Caller => res.locals.caller ?? {};

/** The authenticated principal, or the reason there is none. */
export function principalOf(res: Response): Principal {
  const caller = callerOf(res);
  if (caller.principal) return caller.principal;
  throw caller.rejection ?? new AppError('unauthenticated', UNAUTHENTICATED_MESSAGE);
}

/**
 * The `caller` every service call names: the verified token's user, role and account, never ids
 * from the request. Only these three fields, so nothing else of the principal reaches a service.
 */
export function serviceCallerOf(res: Response): ServiceCaller {
  const { userId, role, accountId } = principalOf(res);
  return { userId, role, accountId };
}
