import { AppError } from '@parley/contracts';
import { API_KEY_MESSAGES, type ApiKeyScope } from '@parley/contracts/validation';
import type { RequestHandler, Response } from 'express';
import type { Principal } from '../../auth/claims';
import type { BillingClient } from '../../clients/billing-client';
import type { IdentityClient } from '../../clients/identity-client';
import type { RateLimits } from '../rate-limits';
import { callContext } from '../request-facts';
import { requireApiPlan } from './plan-guard';

/** A verified API key: whose it is and what it may do. */
export interface ApiKeyCaller {
  keyId: string;
  scopes: readonly string[];
}

export const API_KEY_REQUIRED_MESSAGE = 'Send an API key: Authorization: Bearer pk_...';

const apiKeyOf = (res: Response): ApiKeyCaller => {
  const key = (res.locals as { apiKey?: ApiKeyCaller }).apiKey;
  if (!key) throw new AppError('unauthenticated', API_KEY_REQUIRED_MESSAGE, [], 'API_KEY_REQUIRED');
  return key;
};

export const apiKeyIdOf = (res: Response): string => apiKeyOf(res).keyId;

/**
 * `Authorization: Bearer pk_...`: identity checks the key (unknown, malformed and revoked keys
 * alike 401), billing the plan (STANDARD 403 with the plan's message), then the key spends one
 * request of its per-minute budget. The rest of the request acts as the key's owner: the services
 * see the same caller as for the owner's own session, so they scope everything to the account.
 */
export function authenticateApiKey(deps: {
  identity: IdentityClient;
  billing: BillingClient;
  rateLimits: RateLimits;
}): RequestHandler {
  return async (req, res, next) => {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(req.get('authorization') ?? '');
    if (!match?.[1]) throw new AppError('unauthenticated', API_KEY_REQUIRED_MESSAGE, [], 'API_KEY_REQUIRED');
    const key = await deps.identity.authenticateApiKey({ key: match[1] }, callContext(req));
    const principal: Principal = { userId: key.userId, role: 'OWNER', accountId: key.accountId };
    await requireApiPlan(deps.billing, principal, callContext(req));
    await deps.rateLimits.consume('apiKey', key.keyId);
    res.locals.caller = { principal };
    (res.locals as { apiKey?: ApiKeyCaller }).apiKey = { keyId: key.keyId, scopes: key.scopes };
    next();
  };
}

/** 403 MISSING_SCOPE unless the key was given `scope`. */
export function requireScope(scope: ApiKeyScope): RequestHandler {
  return (_req, res, next) => {
    if (!apiKeyOf(res).scopes.includes(scope)) {
      throw new AppError('forbidden', API_KEY_MESSAGES.missingScope(scope), [], 'MISSING_SCOPE');
    }
    next();
  };
}
