import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import type { Role } from '@parley/contracts';
import type { SigningKey } from './signing-key';

export interface AccessTokenSettings {
  issuer: string;
  audience: string;
  accessTokenTtlSeconds: number;
}

export interface AccessTokenSubject {
  userId: string;
  role: Role;
  accountId: string;
  email: string;
  fullname: string;
  sessionId: string;
}

/**
 * Short-lived ES256 JWT. Claims: sub, role, acct (the account the user acts for), email, name,
 * sid (the session, so a verifier can tie the token to a revocable session), iss, aud, iat, exp, jti.
 */
export async function signAccessToken(
  key: SigningKey,
  settings: AccessTokenSettings,
  subject: AccessTokenSubject,
  nowMs: number,
): Promise<{ token: string; expiresAt: number }> {
  const iat = Math.floor(nowMs / 1000);
  const expiresAt = iat + settings.accessTokenTtlSeconds;
  const token = await new SignJWT({
    role: subject.role,
    acct: subject.accountId,
    email: subject.email,
    name: subject.fullname,
    sid: subject.sessionId,
  })
    .setProtectedHeader({ alg: 'ES256', kid: key.kid, typ: 'JWT' })
    .setSubject(subject.userId)
    .setIssuer(settings.issuer)
    .setAudience(settings.audience)
    .setIssuedAt(iat)
    .setExpirationTime(expiresAt)
    .setJti(randomUUID())
    .sign(key.privateKey);
  return { token, expiresAt };
}
