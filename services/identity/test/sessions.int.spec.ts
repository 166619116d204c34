import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import {
  failure,
  identityForSpec,
  signUp,
  type RunningIdentity,
  type Session,
  type TestWorld,
} from './harness';

let world: TestWorld;
let identity: RunningIdentity;
identityForSpec((started) => ({ world, identity } = started), {
  JWT_AUDIENCE: 'parley-test',
  ACCESS_TOKEN_TTL_SECONDS: '600',
});

const refresh = (refreshToken: string) =>
  identity.call<Session>('refresh', { refreshToken, client: { ip: '192.0.2.1', userAgent: 'jest' } });

describe('access token', () => {
  it('is an ES256 JWT that verifies against the published JWKS, with the documented claims', async () => {
    const { session } = await signUp(world, identity);
    const jwks = createRemoteJWKSet(new URL(`${identity.httpUrl}/.well-known/jwks.json`));
    const { payload, protectedHeader } = await jwtVerify(session.accessToken, jwks, {
      issuer: 'http://localhost:4101',
      audience: 'parley-test',
      currentDate: new Date(identity.clock.now()),
    });
    expect(protectedHeader).toMatchObject({ alg: 'ES256', typ: 'JWT' });
    expect(payload).toMatchObject({
      sub: session.user.id,
      role: 'OWNER',
      acct: session.user.id,
      email: session.user.email,
      name: 'Ada Lovelace',
    });
    expect(typeof payload.jti).toBe('string');
    expect(typeof payload.sid).toBe('string');
    expect(payload.exp! - payload.iat!).toBe(600);
    expect(session.accessExpiresAt).toBe(payload.exp);

    const keys = (await (await fetch(`${identity.httpUrl}/.well-known/jwks.json`)).json()) as {
      keys: Array<{ kid: string }>;
    };
    expect(keys.keys.map((k) => k.kid)).toEqual([decodeProtectedHeader(session.accessToken).kid]);
  });
});

describe('refresh-token rotation', () => {
  it('each refresh spends the presented token and hands out a new one', async () => {
    const { session } = await signUp(world, identity);
    const first = await refresh(session.refreshToken);
    expect(first.refreshToken).not.toBe(session.refreshToken);
    expect(first.refreshToken.split('.')[0]).toBe(session.refreshToken.split('.')[0]);
    expect(first.user).toEqual(session.user);
    const second = await refresh(first.refreshToken);
    expect(second.refreshToken).not.toBe(first.refreshToken);
  });

  it('presenting a spent token again is reuse: the whole session ends, the newest token included', async () => {
    const { session } = await signUp(world, identity);
    const rotated = await refresh(session.refreshToken);
    const reuse = await failure(refresh(session.refreshToken));
    expect(reuse).toMatchObject({ kind: 'unauthenticated', code: 'TOKEN_REUSED' });
    expect(await failure(refresh(rotated.refreshToken))).toMatchObject({
      kind: 'unauthenticated',
      code: 'SESSION_REVOKED',
    });
  });

  it('a made-up or malformed token is refused', async () => {
    const { session } = await signUp(world, identity);
    const [sessionId] = session.refreshToken.split('.');
    const forged = `${sessionId}.${'A'.repeat(43)}`;
    for (const token of [forged, 'garbage', '']) {
      expect(await failure(refresh(token))).toMatchObject({
        kind: 'unauthenticated',
        code: 'INVALID_REFRESH_TOKEN',
      });
    }
    // A forgery does not end the owner's session.
    await expect(refresh(session.refreshToken)).resolves.toBeTruthy();
  });

  it('expires 30 days after its last use', async () => {
    const { session } = await signUp(world, identity);
    identity.clock.advance(29 * 24 * 3600_000);
    const kept = await refresh(session.refreshToken);
    identity.clock.advance(30 * 24 * 3600_000);
    expect(await failure(refresh(kept.refreshToken))).toMatchObject({
      kind: 'unauthenticated',
      code: 'SESSION_EXPIRED',
    });
  });
});

describe('log-out', () => {
  it('ends the session; logging out again is harmless', async () => {
    const { session } = await signUp(world, identity);
    await expect(identity.call('logout', { refreshToken: session.refreshToken })).resolves.toEqual({});
    expect(await failure(refresh(session.refreshToken))).toMatchObject({ code: 'SESSION_REVOKED' });
    await expect(identity.call('logout', { refreshToken: session.refreshToken })).resolves.toEqual({});
    await expect(identity.call('logout', { refreshToken: 'nonsense' })).resolves.toEqual({});
  });

  it("with a token that is not the session's changes nothing", async () => {
    const { session } = await signUp(world, identity);
    const [sessionId] = session.refreshToken.split('.');
    await identity.call('logout', { refreshToken: `${sessionId}.${'B'.repeat(43)}` });
    await expect(refresh(session.refreshToken)).resolves.toBeTruthy();
  });
});

describe('profile', () => {
  it('renaming shows in the profile and in the next access token', async () => {
    const { session } = await signUp(world, identity);
    const renamed = await identity.call<Session['user']>('changeName', {
      userId: session.user.id,
      fullname: '  Ada King  ',
    });
    expect(renamed).toEqual({ ...session.user, fullname: 'Ada King' });
    await expect(identity.call('getUser', { userId: session.user.id })).resolves.toEqual(renamed);
    const next = await refresh(session.refreshToken);
    expect(next.user.fullname).toBe('Ada King');
  });

  it('an unknown user is not found', async () => {
    const error = await failure(identity.call('getUser', { userId: '00000000-0000-4000-8000-000000000000' }));
    expect(error).toMatchObject({ kind: 'not_found' });
  });

  it('a password change needs the current password, then ends every other session', async () => {
    const { session, password } = await signUp(world, identity);
    const laptop = await identity.call<Session>('login', { email: session.user.email, password });
    const phone = await identity.call<Session>('login', { email: session.user.email, password });
    const current = session.refreshToken.split('.')[0]!;

    const wrong = await failure(
      identity.call('changePassword', {
        userId: session.user.id,
        currentPassword: 'Not_my-pass1',
        password: 'New_pass-22',
        confirmPassword: 'New_pass-22',
      }),
    );
    expect(wrong).toMatchObject({ kind: 'validation', code: 'INVALID_CURRENT_PASSWORD' });
    expect(wrong.fields).toEqual([
      { field: 'currentPassword', message: 'Your current password is incorrect' },
    ]);

    await identity.call('changePassword', {
      userId: session.user.id,
      currentPassword: password,
      password: 'New_pass-22',
      confirmPassword: 'New_pass-22',
      sessionId: current,
    });
    for (const other of [laptop, phone]) {
      expect(await failure(refresh(other.refreshToken))).toMatchObject({ code: 'SESSION_REVOKED' });
    }
    await expect(refresh(session.refreshToken)).resolves.toBeTruthy();
    expect((await failure(identity.call('login', { email: session.user.email, password }))).code).toBe(
      'INVALID_CREDENTIALS',
    );
    await expect(
      identity.call('login', { email: session.user.email, password: 'New_pass-22' }),
    ).resolves.toBeTruthy();
  });
});
