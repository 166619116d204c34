import { createSecretKey, type KeyObject } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';

/** The metadata key a caller token travels in; services read no other. */
export const CALLER_TOKEN_METADATA = 'x-parley-caller-token';
/** Every service accepts tokens for this audience: a token is no use outside Parley's services. */
const AUDIENCE = 'parley-services';
const ALGORITHM = 'HS256';
/** Short-lived: a token copied out of a request is useless a few minutes later. */
const LIFETIME_SECONDS = 120;
/** A cached token is signed again once it is this old, so none reaches a service near its expiry. */
const RENEW_AFTER_MS = 60_000;

/** Gives the caller's current token; a new one is signed when the cached one is a minute old. */
export type CallerTokenSigner = () => Promise<string>;

/** The program that signed a verified token (its `iss`), e.g. `gateway` or `assistant`. */
export interface VerifiedCaller {
  program: string;
}

export type CallerTokenVerifier = (token: string | undefined) => Promise<VerifiedCaller>;

/** Why a call was refused; the service answers UNAUTHENTICATED with this text. */
export class CallerTokenError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CallerTokenError';
  }
}

function keyOf(secret: string): KeyObject {
  return createSecretKey(Buffer.from(secret, 'utf8'));
}

/**
 * Signs caller tokens for `program` (the gateway, or a service calling another): a JWT naming the
 * program, for Parley's services, valid two minutes. One token serves every call for a minute.
 */
export function callerTokenSigner(
  secret: string,
  program: string,
  now: () => number = Date.now,
): CallerTokenSigner {
  const key = keyOf(secret);
  let cached: { token: Promise<string>; signedAt: number } | undefined;
  return () => {
    const at = now();
    if (!cached || at - cached.signedAt >= RENEW_AFTER_MS) {
      const iat = Math.floor(at / 1000);
      const token = new SignJWT({})
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setIssuer(program)
        .setAudience(AUDIENCE)
        .setIssuedAt(iat)
        .setExpirationTime(iat + LIFETIME_SECONDS)
        .sign(key);
      cached = { token, signedAt: at };
      // A failed signing (it cannot, with a valid key) is not kept for the next call.
      token.catch(() => {
        if (cached?.token === token) cached = undefined;
      });
    }
    return cached.token;
  };
}

/** Verifies a caller token: the shared key, HS256 only, Parley's audience, not expired. */
export function callerTokenVerifier(secret: string): CallerTokenVerifier {
  const key = keyOf(secret);
  return async (token) => {
    if (!token) throw new CallerTokenError('Caller token missing');
    try {
      const { payload } = await jwtVerify(token, key, {
        algorithms: [ALGORITHM],
        audience: AUDIENCE,
        requiredClaims: ['iss', 'exp', 'iat'],
        maxTokenAge: LIFETIME_SECONDS + 5,
        clockTolerance: 5,
      });
      return { program: payload.iss! };
    } catch (e) {
      if (e instanceof errors.JWTExpired) throw new CallerTokenError('Caller token expired');
      throw new CallerTokenError('Caller token invalid');
    }
  };
}
