import { calculateJwkThumbprint } from 'jose';
import { identityForSpec, type RunningIdentity } from './harness';

let identity: RunningIdentity;
identityForSpec((started) => ({ identity } = started), { JWT_ISSUER: 'https://id.parley.test/' });

describe('identity HTTP endpoints', () => {
  it('publishes the public signing key only, its kid the JWK thumbprint', async () => {
    const res = await fetch(`${identity.httpUrl}/.well-known/jwks.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json');
    const { keys } = (await res.json()) as { keys: Array<Record<string, string>> };
    expect(keys).toHaveLength(1);
    const key = keys[0]!;
    expect(key).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
    expect(key).not.toHaveProperty('d');
    expect(key.kid).toBe(await calculateJwkThumbprint({ kty: key.kty, crv: key.crv, x: key.x, y: key.y }));
  });

  it('serves OpenID discovery pointing at the JWKS under the issuer', async () => {
    const res = await fetch(`${identity.httpUrl}/.well-known/openid-configuration`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      issuer: 'https://id.parley.test',
      jwks_uri: 'https://id.parley.test/.well-known/jwks.json',
      id_token_signing_alg_values_supported: ['ES256'],
    });
  });

  it('answers health and readiness; anything else is 404, other methods 405', async () => {
    expect((await fetch(`${identity.httpUrl}/healthz`)).status).toBe(200);
    expect((await fetch(`${identity.httpUrl}/readyz`)).status).toBe(200);
    expect((await fetch(`${identity.httpUrl}/nope`)).status).toBe(404);
    expect((await fetch(`${identity.httpUrl}/healthz`, { method: 'POST' })).status).toBe(405);
  });
});
