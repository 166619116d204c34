import { AppError } from '@parley/contracts';
import { createRemoteJWKSet, decodeProtectedHeader, errors, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { principalFromClaims, type ClaimMapping, type Principal } from './claims';

export interface TokenVerifierOptions extends ClaimMapping {
  jwksUrl: string;
  issuer: string;
  audience: string;
  algorithms: string[];
}

export interface VerifiedToken {
  principal: Principal;
  /** Epoch seconds; sockets are disconnected when their token runs out. */
  expiresAt: number;
}

export type TokenVerifier = (token: string) => Promise<VerifiedToken>;

export const UNAUTHENTICATED_MESSAGE = 'Authentication required';
export const EXPIRED_MESSAGE = 'Your session has expired';

/** Failures that say nothing about the token, only that its keys could not be fetched. */
function isKeySourceFailure(error: unknown): boolean {
  if (error instanceof errors.JWKSTimeout || error instanceof errors.JWKSInvalid) return true;
  // fetch() failing (connection refused, DNS) or the JWKS endpoint answering non-200.
  if (error instanceof TypeError) return true;
  // jose raises its bare base error only for a JWKS response that isn't 200 or isn't JSON.
  return error instanceof errors.JOSEError && error.code === 'ERR_JOSE_GENERIC';
}

/** The token's `alg` header, or undefined when it has none or is not a JWS at all. */
function headerAlgorithm(token: string): string | undefined {
  try {
    const { alg } = decodeProtectedHeader(token);
    return typeof alg === 'string' ? alg : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Verifies access tokens against a remote JWKS (identity's, or a Keycloak realm's): signature,
 * algorithm, issuer, audience and expiry, then maps the claims to a Principal.
 * The key set is cached by jose and refetched when a token names an unknown `kid`.
 */
export function createTokenVerifier(options: TokenVerifierOptions, getKey?: JWTVerifyGetKey): TokenVerifier {
  const keys =
    getKey ??
    createRemoteJWKSet(new URL(options.jwksUrl), { timeoutDuration: 3000, cooldownDuration: 30_000 });
  const algorithms = new Set(options.algorithms);
  return async (token) => {
    // A widget's visitor token (HS256) reaches every /api request's caller check: refused by its
    // header alone, before jose builds a failure and looks for a key (the same answer, cheaper).
    if (!algorithms.has(headerAlgorithm(token) ?? '')) {
      throw new AppError('unauthenticated', UNAUTHENTICATED_MESSAGE);
    }
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(token, keys, {
        issuer: options.issuer,
        audience: options.audience,
        algorithms: options.algorithms,
        requiredClaims: ['sub', 'exp'],
        clockTolerance: 5,
      }));
    } catch (error) {
      if (error instanceof errors.JWTExpired)
        throw new AppError('unauthenticated', EXPIRED_MESSAGE, [], 'TOKEN_EXPIRED');
      if (isKeySourceFailure(error)) {
        throw new AppError('unavailable', 'Service temporarily unavailable. Please try again.');
      }
      throw new AppError('unauthenticated', UNAUTHENTICATED_MESSAGE);
    }
    const principal = principalFromClaims(payload, options);
    if (!principal) throw new AppError('unauthenticated', UNAUTHENTICATED_MESSAGE);
    return { principal, expiresAt: payload.exp as number };
  };
}
