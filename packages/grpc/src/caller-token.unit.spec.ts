import { randomBytes } from 'node:crypto';
import { decodeJwt, decodeProtectedHeader, SignJWT } from 'jose';
import { callerTokenSigner, callerTokenVerifier } from './caller-token';

const secret = randomBytes(32).toString('base64url');

describe('caller tokens', () => {
  it('names the calling program, for the services only, valid two minutes', async () => {
    const token = await callerTokenSigner(secret, 'gateway')();
    expect(decodeProtectedHeader(token)).toEqual({ alg: 'HS256', typ: 'JWT' });
    const claims = decodeJwt(token);
    expect(claims).toMatchObject({ iss: 'gateway', aud: 'parley-services' });
    expect(claims.exp! - claims.iat!).toBe(120);
    await expect(callerTokenVerifier(secret)(token)).resolves.toEqual({ program: 'gateway' });
  });

  it('signs once a minute, not on every call', async () => {
    let now = Date.parse('2026-01-01T00:00:00Z');
    const sign = callerTokenSigner(secret, 'assistant', () => now);
    const first = await sign();
    now += 59_000;
    expect(await sign()).toBe(first);
    now += 1_000;
    const second = await sign();
    expect(second).not.toBe(first);
    expect(decodeJwt(second).iat).toBe(decodeJwt(first).iat! + 60);
  });

  it.each([
    ['no token', undefined, 'Caller token missing'],
    ['an empty one', '', 'Caller token missing'],
    ['junk', 'not-a-jwt', 'Caller token invalid'],
  ])('refuses %s', async (_what, token, message) => {
    await expect(callerTokenVerifier(secret)(token)).rejects.toThrow(message);
  });

  it('refuses another key, another audience, an unsigned token and an expired one', async () => {
    const verify = callerTokenVerifier(secret);
    await expect(
      verify(await callerTokenSigner(randomBytes(32).toString('hex'), 'gateway')()),
    ).rejects.toThrow('Caller token invalid');
    const key = new TextEncoder().encode(secret);
    const iat = Math.floor(Date.now() / 1000);
    const widget = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('gateway')
      .setAudience('parley-widget')
      .setIssuedAt(iat)
      .setExpirationTime(iat + 60)
      .sign(key);
    await expect(verify(widget)).rejects.toThrow('Caller token invalid');
    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(
      JSON.stringify({ iss: 'gateway', aud: 'parley-services', iat, exp: iat + 60 }),
    ).toString('base64url')}.`;
    await expect(verify(unsigned)).rejects.toThrow('Caller token invalid');
    const old = await callerTokenSigner(secret, 'gateway', () => Date.now() - 5 * 60_000)();
    await expect(verify(old)).rejects.toThrow('Caller token expired');
  });

  it('refuses a token that would live longer than a caller token does', async () => {
    const key = new TextEncoder().encode(secret);
    const iat = Math.floor(Date.now() / 1000) - 200;
    const longLived = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('gateway')
      .setAudience('parley-services')
      .setIssuedAt(iat)
      .setExpirationTime(iat + 3600)
      .sign(key);
    await expect(callerTokenVerifier(secret)(longLived)).rejects.toThrow('Caller token');
  });
});
