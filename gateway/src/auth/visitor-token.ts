import { webcrypto } from 'node:crypto';
import { AppError } from '@parley/contracts';
import type { RequestHandler, Response } from 'express';
import { decodeProtectedHeader, errors, jwtVerify, SignJWT } from 'jose';
import { EXPIRED_MESSAGE, UNAUTHENTICATED_MESSAGE } from './token-verifier';
import { VerifiedCache } from './verified-cache';

/**
 * Visitor tokens: what the gateway gives a site visitor's widget (docs/api/conversations.md).
 * HS256 with a secret all replicas share, so they never verify as dashboard tokens (those are
 * asymmetric, checked against identity's keys) and dashboard tokens never verify as these.
 */
export const VISITOR_TOKEN_AUDIENCE = 'parley-widget';
export const VISITOR_TOKEN_ISSUER = 'parley-gateway';
export const VISITOR_TOKEN_LIFETIME_SEC = 2 * 60 * 60;
const ALGORITHM = 'HS256';
/** Verified tokens kept (about 1 KB each): more than the visitors one replica serves at once. */
const VERIFIED_CACHE_SIZE = 20_000;

/** A site visitor: one customer of one domain of one account, in one browser. */
export interface Visitor {
  customerId: string;
  domainId: string;
  accountId: string;
  /**
   * SHA-256 (hex) of the browser's visitor key (claim `vk`; never the key). Conversations lets
   * the visitor reach only the rooms opened under it: a customer found by email may have chatted
   * from another browser, and typing an email must not show those chats.
   */
  keyId: string;
}

export interface VerifiedVisitor {
  visitor: Visitor;
  /** Epoch seconds; a socket is disconnected when its token runs out. */
  expiresAt: number;
}

export interface IssuedVisitorToken {
  token: string;
  expiresAt: string;
}

export interface VisitorTokens {
  issue(visitor: Visitor): Promise<IssuedVisitorToken>;
  /** Rejects with 401 (TOKEN_EXPIRED when it has run out) unless `token` is a valid visitor token. */
  verify(token: string): Promise<VerifiedVisitor>;
}

/**
 * Visitor tokens are HS256; dashboard tokens never are (JWT_ALGORITHMS is asymmetric only), so
 * the header alone tells which verifier to ask. Says nothing about validity.
 */
export function isVisitorToken(token: string): boolean {
  try {
    return decodeProtectedHeader(token).alg === ALGORITHM;
  } catch {
    return false;
  }
}

const nonEmpty = (v: unknown): v is string => typeof v === 'string' && v.length > 0;
const KEY_ID = /^[0-9a-f]{64}$/;

/** Verifies one visitor token with the shared secret's key (the Socket.IO handshake uses this too). */
export async function verifyVisitorToken(
  key: webcrypto.CryptoKey | Uint8Array,
  token: string,
): Promise<VerifiedVisitor> {
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(token, key, {
      algorithms: [ALGORITHM],
      audience: VISITOR_TOKEN_AUDIENCE,
      issuer: VISITOR_TOKEN_ISSUER,
      requiredClaims: ['sub', 'exp'],
      clockTolerance: 5,
    }));
  } catch (error) {
    if (error instanceof errors.JWTExpired)
      throw new AppError('unauthenticated', EXPIRED_MESSAGE, [], 'TOKEN_EXPIRED');
    throw new AppError('unauthenticated', UNAUTHENTICATED_MESSAGE);
  }
  const { sub, dom, acct, vk, exp } = payload;
  // A token without its key's id cannot be scoped to what its browser opened, so it is refused.
  if (!nonEmpty(sub) || !nonEmpty(dom) || !nonEmpty(acct) || typeof vk !== 'string' || !KEY_ID.test(vk)) {
    throw new AppError('unauthenticated', UNAUTHENTICATED_MESSAGE);
  }
  return {
    visitor: { customerId: sub, domainId: dom, accountId: acct, keyId: vk },
    expiresAt: exp as number,
  };
}

/**
 * The secret as an HMAC key, imported once: given the raw bytes, jose imports a key on every sign
 * and verify, which was a measurable share of a widget POST (docs/benchmarks.md, realtime).
 */
function importSecret(secret: string): Promise<webcrypto.CryptoKey> {
  return webcrypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
}

export function createVisitorTokens(
  secret: string,
  options: { lifetimeSec?: number; now?: () => number; cacheSize?: number } = {},
): VisitorTokens {
  const imported = importSecret(secret);
  // Rejections surface on first use; this keeps an unused instance from an unhandled rejection.
  imported.catch(() => undefined);
  const lifetimeSec = options.lifetimeSec ?? VISITOR_TOKEN_LIFETIME_SEC;
  const now = options.now ?? Date.now;
  const verified = new VerifiedCache<VerifiedVisitor>(options.cacheSize ?? VERIFIED_CACHE_SIZE, now);
  return {
    issue: async (visitor) => {
      const key = await imported;
      const issuedAt = Math.floor(now() / 1000);
      const expiresAt = issuedAt + lifetimeSec;
      const token = await new SignJWT({ dom: visitor.domainId, acct: visitor.accountId, vk: visitor.keyId })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(visitor.customerId)
        .setAudience(VISITOR_TOKEN_AUDIENCE)
        .setIssuer(VISITOR_TOKEN_ISSUER)
        .setIssuedAt(issuedAt)
        .setExpirationTime(expiresAt)
        .sign(key);
      return { token, expiresAt: new Date(expiresAt * 1000).toISOString() };
    },
    verify: async (token) => {
      // Copies out: what a caller does with its visitor must not change the cached one.
      const hit = verified.get(token);
      if (hit) return { visitor: { ...hit.visitor }, expiresAt: hit.expiresAt };
      const result = await verifyVisitorToken(await imported, token);
      verified.set(token, { visitor: { ...result.visitor }, expiresAt: result.expiresAt });
      return result;
    },
  };
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Locals {
      visitor?: Visitor;
    }
  }
}

/**
 * 401 unless the request carries a visitor token as `Authorization: Bearer`. Only the header
 * counts: the widget never uses cookies, and a dashboard token does not verify here.
 */
export function requireVisitor(tokens: VisitorTokens): RequestHandler {
  return async (req, res, next) => {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(req.get('authorization') ?? '');
    if (!match?.[1]) throw new AppError('unauthenticated', UNAUTHENTICATED_MESSAGE);
    res.locals.visitor = (await tokens.verify(match[1])).visitor;
    next();
  };
}

export function visitorOf(res: Response): Visitor {
  const visitor = res.locals.visitor;
  if (!visitor) throw new AppError('unauthenticated', UNAUTHENTICATED_MESSAGE);
  return visitor;
}
