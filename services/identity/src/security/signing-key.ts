import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { calculateJwkThumbprint, type JWK } from 'jose';

export interface SigningKey {
  privateKey: KeyObject;
  /** The public half as published in the JWKS, with kid, alg and use. */
  publicJwk: JWK & { kid: string; alg: 'ES256'; use: 'sig' };
  kid: string;
}

export type PublicSigningJwk = SigningKey['publicJwk'];

/** Loads the ES256 (P-256) private key; kid is the RFC 7638 thumbprint of its public JWK. */
export async function loadSigningKey(pkcs8Pem: string): Promise<SigningKey> {
  let privateKey: KeyObject;
  try {
    privateKey = createPrivateKey({ key: pkcs8Pem, format: 'pem' });
  } catch (e) {
    throw new Error(`JWT private key is not a readable PEM key: ${(e as Error).message}`, { cause: e });
  }
  const publicJwk = await publicJwkOf(privateKey, 'JWT private key');
  return { privateKey, kid: publicJwk.kid, publicJwk };
}

/**
 * The published half of a key identity signed with before a rotation (JWT_PREVIOUS_PUBLIC_KEY):
 * a public PEM, or the old private PEM itself, of which only the public half is kept.
 */
export async function loadPreviousPublicKey(pem: string): Promise<PublicSigningJwk> {
  let publicKey: KeyObject;
  try {
    publicKey = createPublicKey({ key: pem, format: 'pem' });
  } catch (e) {
    throw new Error(`previous JWT key is not a readable PEM key: ${(e as Error).message}`, { cause: e });
  }
  return publicJwkOf(publicKey, 'previous JWT key');
}

async function publicJwkOf(key: KeyObject, what: string): Promise<PublicSigningJwk> {
  const curve = key.asymmetricKeyDetails?.namedCurve;
  if (key.asymmetricKeyType !== 'ec' || curve !== 'prime256v1') {
    throw new Error(
      `${what} must be an EC P-256 key for ES256 (got ${key.asymmetricKeyType} ${curve ?? ''})`.trim(),
    );
  }
  const jwk = (key.type === 'private' ? createPublicKey(key) : key).export({ format: 'jwk' }) as JWK;
  const kid = await calculateJwkThumbprint(jwk, 'sha256');
  return { kty: jwk.kty, crv: jwk.crv, x: jwk.x, y: jwk.y, kid, alg: 'ES256', use: 'sig' };
}
