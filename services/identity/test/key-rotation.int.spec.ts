import { createPublicKey } from 'node:crypto';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { signAccessToken } from '../src/security/access-token';
import { loadSigningKey } from '../src/security/signing-key';
import { createWorld, newSigningKeyPem, startForTest, type RunningIdentity, type TestWorld } from './harness';

const ISSUER = 'https://id.parley.test';
const settings = { issuer: ISSUER, audience: 'parley', accessTokenTtlSeconds: 900 };
const subject = {
  userId: 'u-1',
  role: 'OWNER' as const,
  accountId: 'acct-1',
  email: 'owner@parley.test',
  fullname: 'Owner',
  sessionId: 's-1',
};

/** What the gateway does with an access token: verify it against identity's published JWKS. */
async function verifiesAgainst(identity: RunningIdentity, token: string): Promise<boolean> {
  // A new key set per check, so no key is remembered from an earlier identity.
  const keys = createRemoteJWKSet(new URL(`${identity.httpUrl}/.well-known/jwks.json`));
  try {
    await jwtVerify(token, keys, { issuer: ISSUER, audience: 'parley', algorithms: ['ES256'] });
    return true;
  } catch {
    return false;
  }
}

describe('rotating the token signing key', () => {
  const previousPem = newSigningKeyPem();
  const currentPem = newSigningKeyPem();
  let world: TestWorld;
  let identity: RunningIdentity | undefined;

  beforeAll(async () => {
    world = await createWorld({ JWT_ISSUER: `${ISSUER}/` });
  });
  afterEach(async () => {
    await identity?.stop();
    identity = undefined;
  });
  afterAll(async () => {
    await world.dispose();
  });

  it('publishes the previous key after the current one, so tokens it signed verify during the overlap', async () => {
    // The previous key as a one-line public PEM, the way a Secret would hold it.
    const previousPublic = createPublicKey(previousPem).export({ format: 'pem', type: 'spki' }).toString();
    identity = await startForTest(world, {
      JWT_PRIVATE_KEY: currentPem,
      JWT_PREVIOUS_PUBLIC_KEY: previousPublic.replace(/\n/g, '\\n'),
    });
    const previous = await loadSigningKey(previousPem);
    const current = await loadSigningKey(currentPem);

    const { keys } = (await (await fetch(`${identity.httpUrl}/.well-known/jwks.json`)).json()) as {
      keys: Array<Record<string, string>>;
    };
    expect(keys.map((k) => k.kid)).toEqual([current.kid, previous.kid]);
    expect(keys[1]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
    expect(keys[1]).not.toHaveProperty('d');

    const before = await signAccessToken(previous, settings, subject, Date.now());
    const after = await signAccessToken(current, settings, subject, Date.now());
    expect(await verifiesAgainst(identity, before.token)).toBe(true);
    expect(await verifiesAgainst(identity, after.token)).toBe(true);
    // A key identity never had is not trusted because another one is published.
    const stranger = await signAccessToken(
      await loadSigningKey(newSigningKeyPem()),
      settings,
      subject,
      Date.now(),
    );
    expect(await verifiesAgainst(identity, stranger.token)).toBe(false);
  });

  it('takes the old private key as the previous one and publishes only its public half', async () => {
    identity = await startForTest(world, {
      JWT_PRIVATE_KEY: currentPem,
      JWT_PREVIOUS_PUBLIC_KEY: previousPem,
    });
    const res = await fetch(`${identity.httpUrl}/.well-known/jwks.json`);
    const { keys } = (await res.json()) as { keys: Array<Record<string, string>> };
    expect(keys).toHaveLength(2);
    for (const key of keys) expect(key).not.toHaveProperty('d');
    const before = await signAccessToken(await loadSigningKey(previousPem), settings, subject, Date.now());
    expect(await verifiesAgainst(identity, before.token)).toBe(true);
  });

  it('once the overlap is over and the previous key removed, its tokens no longer verify', async () => {
    identity = await startForTest(world, { JWT_PRIVATE_KEY: currentPem });
    const before = await signAccessToken(await loadSigningKey(previousPem), settings, subject, Date.now());
    expect(await verifiesAgainst(identity, before.token)).toBe(false);
  });

  it('refuses to start with a previous key that is not an ES256 key', async () => {
    await expect(
      startForTest(world, { JWT_PRIVATE_KEY: currentPem, JWT_PREVIOUS_PUBLIC_KEY: 'not a key' }),
    ).rejects.toThrow('previous JWT key is not a readable PEM key');
  });
});
