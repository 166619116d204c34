import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { calculateJwkThumbprint, type JWK } from 'jose';

export interface SigningKey {
  privateKey: KeyObject;
  /** The public half as published in the JWKS, with kid, alg and use. */
  publicJwk: JWK & { kid: string; alg: 'ES256'; use: 'sig' };
  kid: string;
}

/** Loads the ES256 (P-256) private key; kid is the RFC 7638 thumbprint of its public JWK. */
export async function loadSigningKey(pkcs8Pem: string): Promise<SigningKey> {
  let privateKey: KeyObject;
  try {
    privateKey = createPrivateKey({ key: pkcs8Pem, format: 'pem' });
  } catch (e) {
    throw new Error(`JWT private key is not a readable PEM key: ${(e as Error).message}`, { cause: e });
  }
  const curve = privateKey.asymmetricKeyDetails?.namedCurve;
  if (privateKey.asymmetricKeyType !== 'ec' || curve !== 'prime256v1') {
    throw new Error(
      `JWT private key must be an EC P-256 key for ES256 (got ${privateKey.asymmetricKeyType} ${curve ?? ''})`.trim(),
    );
  }
  const jwk = createPublicKey(privateKey).export({ format: 'jwk' }) as JWK;
  const kid = await calculateJwkThumbprint(jwk, 'sha256');
  return {
    privateKey,
    kid,
    publicJwk: { kty: jwk.kty, crv: jwk.crv, x: jwk.x, y: jwk.y, kid, alg: 'ES256', use: 'sig' },
  };
}
