import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT } from 'jose';
import { createTokenVerifier } from './token-verifier';
import { createVisitorTokens, VISITOR_TOKEN_AUDIENCE, VISITOR_TOKEN_ISSUER } from './visitor-token';

const SECRET = 'a-visitor-token-secret-of-32-chars!!';
const KEY_ID = 'ab'.repeat(32);
const visitor = { customerId: 'c-1', domainId: 'd-1', accountId: 'a-1', keyId: KEY_ID };

describe('visitor tokens', () => {
  it('issue a two-hour token that verifies back to the visitor', async () => {
    const now = Date.UTC(2030, 0, 1, 12);
    const tokens = createVisitorTokens(SECRET, { now: () => now });
    const issued = await tokens.issue(visitor);
    expect(issued.expiresAt).toBe('2030-01-01T14:00:00.000Z');
    const real = createVisitorTokens(SECRET);
    const fresh = await real.issue(visitor);
    await expect(real.verify(fresh.token)).resolves.toEqual({
      visitor,
      expiresAt: Date.parse(fresh.expiresAt) / 1000,
    });
  });

  it('refuse an expired token as TOKEN_EXPIRED and one signed with another secret as unauthenticated', async () => {
    const old = createVisitorTokens(SECRET, { now: () => Date.now() - 3 * 60 * 60 * 1000 });
    const expired = await old.issue(visitor);
    await expect(createVisitorTokens(SECRET).verify(expired.token)).rejects.toMatchObject({
      kind: 'unauthenticated',
      code: 'TOKEN_EXPIRED',
    });
    const other = await createVisitorTokens('another-secret-that-is-32-chars-long').issue(visitor);
    await expect(createVisitorTokens(SECRET).verify(other.token)).rejects.toMatchObject({
      kind: 'unauthenticated',
      message: 'Authentication required',
    });
  });

  it('answer a verified token again from the cache, as a copy, and still refuse a tampered one', async () => {
    const tokens = createVisitorTokens(SECRET);
    const { token } = await tokens.issue(visitor);
    const first = await tokens.verify(token);
    first.visitor.customerId = 'changed-by-a-caller';
    await expect(tokens.verify(token)).resolves.toMatchObject({ visitor });
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
    const forged = [
      header,
      Buffer.from(JSON.stringify({ ...claims, sub: 'c-2' })).toString('base64url'),
      signature,
    ];
    await expect(tokens.verify(forged.join('.'))).rejects.toMatchObject({ kind: 'unauthenticated' });
  });

  it('refuse a token without the domain, account or key claim, or for another audience', async () => {
    const key = new TextEncoder().encode(SECRET);
    const sign = (claims: Record<string, unknown>, audience = VISITOR_TOKEN_AUDIENCE) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject('c-1')
        .setAudience(audience)
        .setIssuer(VISITOR_TOKEN_ISSUER)
        .setExpirationTime('1h')
        .sign(key);
    const tokens = createVisitorTokens(SECRET);
    for (const claims of [
      { acct: 'a-1', vk: KEY_ID },
      { dom: 'd-1', vk: KEY_ID },
      // Without the key's id (or with something that is not one) the visitor's reach is unknown.
      { dom: 'd-1', acct: 'a-1' },
      { dom: 'd-1', acct: 'a-1', vk: 'not-a-key-id' },
      { dom: 'd-1', acct: 'a-1', vk: 'AB'.repeat(32) },
    ]) {
      await expect(tokens.verify(await sign(claims))).rejects.toMatchObject({ kind: 'unauthenticated' });
    }
    await expect(
      tokens.verify(await sign({ dom: 'd-1', acct: 'a-1', vk: KEY_ID }, 'parley')),
    ).rejects.toMatchObject({ kind: 'unauthenticated' });
    await expect(tokens.verify(await sign({ dom: 'd-1', acct: 'a-1', vk: KEY_ID }))).resolves.toMatchObject({
      visitor,
    });
  });

  it('never verify as dashboard tokens, and dashboard tokens never verify as visitor tokens', async () => {
    const { privateKey, publicKey } = await generateKeyPair('ES256');
    const jwks = createLocalJWKSet({ keys: [{ ...(await exportJWK(publicKey)), alg: 'ES256', kid: 'k1' }] });
    const dashboard = createTokenVerifier(
      {
        jwksUrl: 'http://127.0.0.1:1/unused',
        issuer: VISITOR_TOKEN_ISSUER,
        audience: VISITOR_TOKEN_AUDIENCE,
        algorithms: ['ES256', 'RS256'],
        roleClaim: 'role',
        accountClaim: 'acct',
      },
      jwks,
    );
    // A visitor token is refused by its header's alg, before any key is looked for.
    const getKey = jest.fn(jwks);
    const guarded = createTokenVerifier(
      {
        jwksUrl: 'http://127.0.0.1:1/unused',
        issuer: VISITOR_TOKEN_ISSUER,
        audience: VISITOR_TOKEN_AUDIENCE,
        algorithms: ['ES256'],
        roleClaim: 'role',
        accountClaim: 'acct',
      },
      getKey,
    );
    await expect(guarded((await createVisitorTokens(SECRET).issue(visitor)).token)).rejects.toMatchObject({
      kind: 'unauthenticated',
    });
    await expect(guarded('not-a-token')).rejects.toMatchObject({ kind: 'unauthenticated' });
    expect(getKey).not.toHaveBeenCalled();
    // Even with the dashboard verifier configured for the visitor issuer and audience, and a role claim.
    const visitorToken = await new SignJWT({ dom: 'd-1', acct: 'a-1', role: 'OWNER' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('c-1')
      .setAudience(VISITOR_TOKEN_AUDIENCE)
      .setIssuer(VISITOR_TOKEN_ISSUER)
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(SECRET));
    await expect(dashboard(visitorToken)).rejects.toMatchObject({ kind: 'unauthenticated' });
    await expect(dashboard((await createVisitorTokens(SECRET).issue(visitor)).token)).rejects.toMatchObject({
      kind: 'unauthenticated',
    });

    const dashboardToken = await new SignJWT({ dom: 'd-1', acct: 'a-1', role: 'OWNER' })
      .setProtectedHeader({ alg: 'ES256', kid: 'k1' })
      .setSubject('c-1')
      .setAudience(VISITOR_TOKEN_AUDIENCE)
      .setIssuer(VISITOR_TOKEN_ISSUER)
      .setExpirationTime('1h')
      .sign(privateKey);
    await expect(dashboard(dashboardToken)).resolves.toMatchObject({ principal: { userId: 'c-1' } });
    await expect(createVisitorTokens(SECRET).verify(dashboardToken)).rejects.toMatchObject({
      kind: 'unauthenticated',
    });
  });
});
