import { clearedSessionCookies, deviceCookie, sessionCookies } from './cookies';

describe('session cookies', () => {
  const now = Date.UTC(2025, 0, 1);
  const nowSeconds = now / 1000;
  const session = {
    accessToken: 'access.jwt',
    refreshToken: 'opaque-refresh',
    accessExpiresAt: nowSeconds + 15 * 60,
    refreshExpiresAt: nowSeconds + 30 * 24 * 3600,
  };

  it('sets the access, refresh and hint cookies of docs/api.md', () => {
    const byName = Object.fromEntries(sessionCookies(session, false, now).map((c) => [c.name, c]));
    expect(byName.parley_at).toEqual({
      name: 'parley_at',
      value: 'access.jwt',
      options: { httpOnly: true, path: '/', sameSite: 'lax', secure: false, maxAge: 15 * 60 * 1000 },
    });
    expect(byName.parley_rt).toEqual({
      name: 'parley_rt',
      value: 'opaque-refresh',
      options: {
        httpOnly: true,
        path: '/api/auth',
        sameSite: 'lax',
        secure: false,
        maxAge: 30 * 24 * 3600 * 1000,
      },
    });
    expect(byName.parley_session).toEqual({
      name: 'parley_session',
      value: '1',
      options: { httpOnly: false, path: '/', sameSite: 'lax', secure: false, maxAge: 30 * 24 * 3600 * 1000 },
    });
  });

  it('marks every cookie Secure when configured', () => {
    expect(sessionCookies(session, true, now).every((c) => c.options.secure === true)).toBe(true);
    expect(clearedSessionCookies(true).every((c) => c.options.secure === true)).toBe(true);
  });

  it('never gives a negative lifetime', () => {
    const expired = { ...session, accessExpiresAt: nowSeconds - 10 };
    expect(sessionCookies(expired, false, now)[0]?.options.maxAge).toBe(0);
  });

  it('clears with the same names and paths', () => {
    expect(clearedSessionCookies(false).map((c) => [c.name, c.options.path])).toEqual([
      ['parley_at', '/'],
      ['parley_rt', '/api/auth'],
      ['parley_session', '/'],
    ]);
  });

  it('sets the device cookie identity hands back for a year, on the auth routes only, and never clears it', () => {
    expect(deviceCookie('dev.tok', true)).toEqual({
      name: 'parley_device',
      value: 'dev.tok',
      options: {
        httpOnly: true,
        path: '/api/auth',
        sameSite: 'lax',
        secure: true,
        maxAge: 365 * 24 * 3600 * 1000,
      },
    });
    expect(deviceCookie('', false)).toBeNull();
    expect(clearedSessionCookies(false).map((c) => c.name)).not.toContain('parley_device');
  });
});
