import { generateKeyPair, SignJWT } from 'jose';
import {
  logIn,
  onboardingAnswers,
  PASSWORD,
  registerOwner,
  signupDetails,
  uniqueEmail,
} from './support/flows';
import { GatewayClient } from './support/http-client';
import { FRONTEND, startStack, type TestStack } from './support/stack';

let stack: TestStack;

beforeAll(async () => {
  stack = await startStack();
}, 120_000);
afterAll(async () => {
  await stack?.dispose();
});

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('sign-up through the gateway', () => {
  it('start, verify the mailed code, onboard: 201 with a session body and the three cookies', async () => {
    const client = stack.client({ origin: FRONTEND });
    const email = uniqueEmail('ada');

    const started = await client.post(
      '/api/auth/signup',
      signupDetails(email.toUpperCase(), { confirmEmail: email }),
    );
    expect(started.status).toBe(201);
    expect(started.body).toEqual({
      signupId: expect.any(String),
      email,
      codeExpiresAt: expect.stringMatching(ISO),
      resendAvailableAt: expect.stringMatching(ISO),
    });
    expect(Date.parse(started.body.codeExpiresAt)).toBeGreaterThan(Date.now());
    const { signupId } = started.body;

    const wrong = await client.post('/api/auth/signup/verify', {
      signupId,
      otp: (Number(await stack.signupCode(signupId)) ^ 1).toString().padStart(6, '0'),
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.code).toBe('INVALID_CODE');

    const verified = await client.post('/api/auth/signup/verify', {
      signupId,
      otp: await stack.signupCode(signupId),
    });
    expect(verified.status).toBe(200);
    expect(verified.body).toEqual({ signupId, verified: true });

    const completed = await client.post('/api/auth/signup/complete', { signupId, ...onboardingAnswers });
    expect(completed.status).toBe(201);
    expect(completed.body).toEqual({
      user: {
        id: expect.any(String),
        email,
        fullname: 'Ada Lovelace',
        role: 'OWNER',
        plan: 'STANDARD',
        accountId: completed.body.user.id,
        createdAt: expect.stringMatching(ISO),
      },
      accessToken: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
      accessExpiresAt: expect.stringMatching(ISO),
    });

    const at = client.cookie('parley_at')!;
    const rt = client.cookie('parley_rt')!;
    const hint = client.cookie('parley_session')!;
    expect(at).toMatchObject({
      value: completed.body.accessToken,
      path: '/',
      httpOnly: true,
      sameSite: 'Lax',
      secure: false,
    });
    expect(rt).toMatchObject({ path: '/api/auth', httpOnly: true, sameSite: 'Lax', secure: false });
    expect(rt.value.length).toBeGreaterThan(20);
    expect(hint).toMatchObject({ value: '1', path: '/', httpOnly: false, sameSite: 'Lax' });
    // Access cookie lives as long as the token (15 min), the refresh cookie 30 days.
    expect(at.expiresAt! - Date.now()).toBeGreaterThan(14 * 60_000);
    expect(at.expiresAt! - Date.now()).toBeLessThanOrEqual(15 * 60_000 + 1000);
    expect(rt.expiresAt! - Date.now()).toBeGreaterThan(29 * 24 * 3600_000);
  });

  it('asking for a new code before it is due answers 429 with Retry-After', async () => {
    const client = stack.client();
    const started = await client.post('/api/auth/signup', signupDetails(uniqueEmail()));
    const res = await client.post('/api/auth/signup/resend', { signupId: started.body.signupId });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(res.body.error.code).toBeDefined();
  });

  it('an email that already has an account answers 409 EMAIL_TAKEN', async () => {
    const owner = await registerOwner(stack, stack.client());
    const res = await stack.client().post('/api/auth/signup', signupDetails(owner.email));
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('EMAIL_TAKEN');
  });
});

describe('log-in and the profile', () => {
  it('logs in, and /api/user/me answers by cookie and by bearer token alike', async () => {
    const owner = await registerOwner(stack, stack.client());
    const cookieClient = stack.client();
    const session = await logIn(cookieClient, owner.email.toUpperCase(), owner.password);
    expect(session.user.id).toBe(owner.user.id);

    const byCookie = await cookieClient.get('/api/user/me');
    expect(byCookie.status).toBe(200);
    expect(byCookie.body).toEqual({ success: true, user: owner.user, id: owner.user.id });

    const bearerClient = stack.client();
    bearerClient.bearer = session.accessToken;
    const byBearer = await bearerClient.get('/api/user/me');
    expect(byBearer.body).toEqual(byCookie.body);
  });

  it('wrong credentials answer 401 INVALID_CREDENTIALS and set no cookie', async () => {
    const owner = await registerOwner(stack, stack.client());
    const client = stack.client();
    const res = await client.post('/api/auth/login', { email: owner.email, password: 'Wrong_pass-1' });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('INVALID_CREDENTIALS');
    expect(res.setCookies).toEqual([]);
  });

  it('without a token, with a tampered token, or with one signed by another key: 401', async () => {
    const client = stack.client();
    expect((await client.get('/api/user/me')).body).toEqual({
      error: { code: 'UNAUTHENTICATED', message: 'Authentication required' },
    });
    expect((await client.get('/api/user/me')).status).toBe(401);

    const owner = await registerOwner(stack, stack.client());
    const [header, payload] = owner.accessToken.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const tampered = Buffer.from(JSON.stringify({ ...claims, role: 'ADMIN' })).toString('base64url');
    client.bearer = `${header}.${tampered}.${owner.accessToken.split('.')[2]}`;
    expect((await client.get('/api/user/me')).status).toBe(401);

    const { privateKey } = await generateKeyPair('ES256');
    client.bearer = await new SignJWT({ role: 'ADMIN', acct: claims.sub })
      .setProtectedHeader({ alg: 'ES256', kid: JSON.parse(Buffer.from(header!, 'base64url').toString()).kid })
      .setSubject(claims.sub)
      .setIssuer(claims.iss)
      .setAudience('parley')
      .setExpirationTime('5m')
      .sign(privateKey);
    expect((await client.get('/api/user/me')).status).toBe(401);
  });

  it('changes the name (validated with the spec message) and the profile shows it', async () => {
    const client = stack.client({ origin: FRONTEND });
    const owner = await registerOwner(stack, client);

    const tooShort = await client.request('PATCH', '/api/user/me', { json: { fullname: 'Bo' } });
    expect(tooShort.status).toBe(400);
    expect(tooShort.body.error.message).toBe('your full name must be atleast 4 characters long');

    const renamed = await client.request('PATCH', '/api/user/me', { json: { fullname: '  Grace Hopper ' } });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toEqual({ success: true, user: { ...owner.user, fullname: 'Grace Hopper' } });
    expect((await client.get('/api/user/me')).body.user.fullname).toBe('Grace Hopper');
  });

  it('changes the password: 204, the new one logs in, the old one no longer does', async () => {
    const client = stack.client({ origin: FRONTEND });
    const owner = await registerOwner(stack, client);
    const mismatch = await client.post('/api/user/me/password', {
      currentPassword: PASSWORD,
      password: 'Newer_pass-2',
      confirmPassword: 'Newer_pass-3',
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.error.message).toBe('passwords do not match');

    const changed = await client.post('/api/user/me/password', {
      currentPassword: PASSWORD,
      password: 'Newer_pass-2',
      confirmPassword: 'Newer_pass-2',
    });
    expect(changed.status).toBe(204);
    // The session that changed it stays signed in.
    expect((await client.get('/api/user/me')).status).toBe(200);
    expect(
      (await stack.client().post('/api/auth/login', { email: owner.email, password: PASSWORD })).status,
    ).toBe(401);
    await logIn(stack.client(), owner.email, 'Newer_pass-2');
  });
});

describe('refresh and logout', () => {
  it('rotates the refresh token; presenting the old one again ends the session and clears the cookies', async () => {
    const client = stack.client({ origin: FRONTEND });
    await registerOwner(stack, client);
    const first = client.cookie('parley_rt')!.value;

    const rotated = await client.post('/api/auth/refresh');
    expect(rotated.status).toBe(200);
    expect(rotated.body).toEqual({
      user: expect.objectContaining({ role: 'OWNER' }),
      accessToken: expect.any(String),
      accessExpiresAt: expect.stringMatching(ISO),
    });
    const second = client.cookie('parley_rt')!.value;
    expect(second).not.toBe(first);
    expect(client.cookie('parley_at')!.value).toBe(rotated.body.accessToken);

    // The spent token, replayed (say, by whoever copied it): refused as reuse...
    const thief = new GatewayClient(client.baseUrl, { origin: FRONTEND });
    thief.cookies.set('parley_rt', { ...client.cookie('parley_rt')!, value: first });
    const replay = await thief.post('/api/auth/refresh');
    expect(replay.status).toBe(401);
    expect(replay.body.error.code).toBe('TOKEN_REUSED');
    expect(thief.cookie('parley_rt')).toBeUndefined();
    expect(thief.cookie('parley_at')).toBeUndefined();
    expect(thief.cookie('parley_session')).toBeUndefined();

    // ...and the whole session is over, the legitimate holder's newest token included.
    const after = await client.post('/api/auth/refresh');
    expect(after.status).toBe(401);
  });

  it('accepts the refresh token in the body for clients without cookies', async () => {
    const browser = stack.client();
    await registerOwner(stack, browser);
    const api = stack.client();
    const res = await api.post('/api/auth/refresh', { refreshToken: browser.cookie('parley_rt')!.value });
    expect(res.status).toBe(200);
    expect(api.cookie('parley_rt')).toBeDefined();
  });

  it('refresh without any token answers 401', async () => {
    const res = await stack.client().post('/api/auth/refresh');
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('UNAUTHENTICATED');
  });

  it('logout answers 204, clears the three cookies and revokes the refresh token', async () => {
    const client = stack.client({ origin: FRONTEND });
    await registerOwner(stack, client);
    const refreshToken = client.cookie('parley_rt')!.value;

    const res = await client.post('/api/auth/logout');
    expect(res.status).toBe(204);
    const cleared = res.setCookies.map((c) => c.split('=')[0]).sort();
    expect(cleared).toEqual(['parley_at', 'parley_rt', 'parley_session']);
    expect(res.setCookies.find((c) => c.startsWith('parley_rt='))).toMatch(/Path=\/api\/auth/);
    expect(res.setCookies.every((c) => /Expires=Thu, 01 Jan 1970/.test(c))).toBe(true);
    // Only the device cookie stays: it marks a browser that logged in before, not a session.
    expect([...client.cookies.keys()]).toEqual(['parley_device']);

    const reuse = await stack.client().post('/api/auth/refresh', { refreshToken });
    expect(reuse.status).toBe(401);
  });
});

describe('cross-site request forgery', () => {
  it('refuses cookie-authenticated writes from other origins, or with no origin at all', async () => {
    const client = stack.client({ origin: FRONTEND });
    const owner = await registerOwner(stack, client);

    const evil = await client.request('PATCH', '/api/user/me', {
      json: { fullname: 'Mallory Evil' },
      headers: { origin: 'https://evil.example' },
    });
    expect(evil.status).toBe(403);
    expect(evil.body).toEqual({
      error: { code: 'ORIGIN_NOT_ALLOWED', message: 'Request origin not allowed' },
    });

    client.origin = undefined;
    expect(
      (await client.request('PATCH', '/api/user/me', { json: { fullname: 'Mallory Evil' } })).status,
    ).toBe(403);
    expect((await client.post('/api/auth/logout')).status).toBe(403);

    // The refused writes changed nothing; reads by cookie are fine from anywhere.
    const me = await client.get('/api/user/me', { headers: { origin: 'https://evil.example' } });
    expect(me.body.user.fullname).toBe(owner.user.fullname);

    // The frontend's origin, or its Referer when Origin is absent, passes.
    const fromReferer = await client.request('PATCH', '/api/user/me', {
      json: { fullname: 'Ada Byron' },
      headers: { referer: `${FRONTEND}/dashboard/settings` },
    });
    expect(fromReferer.status).toBe(200);
  });

  it('does not apply to bearer-authenticated clients, which a browser cannot be tricked into', async () => {
    const owner = await registerOwner(stack, stack.client());
    const api = stack.client({ origin: 'https://integrations.example' });
    api.bearer = owner.accessToken;
    const res = await api.request('PATCH', '/api/user/me', { json: { fullname: 'Script Client' } });
    expect(res.status).toBe(200);
  });

  it('answers CORS preflights for the frontend with credentials, and not for others', async () => {
    const allowed = await fetch(`${stack.gateways[0]!.url}/api/user/me`, {
      method: 'OPTIONS',
      headers: {
        origin: FRONTEND,
        'access-control-request-method': 'PATCH',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(allowed.headers.get('access-control-allow-origin')).toBe(FRONTEND);
    expect(allowed.headers.get('access-control-allow-credentials')).toBe('true');
    const refused = await fetch(`${stack.gateways[0]!.url}/api/user/me`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'PATCH' },
    });
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('public routes and security headers', () => {
  it('GET /api/plans answers the catalogue', async () => {
    const res = await stack.client().get('/api/plans');
    expect(res.status).toBe(200);
    expect(res.body.data.map((p: { id: string; priceCents: number }) => [p.id, p.priceCents])).toEqual([
      ['STANDARD', 0],
      ['PRO', 1200],
    ]);
  });

  it('sends helmet headers and a request id (keeping a well-formed one from the caller)', async () => {
    const res = await stack.client().get('/api/plans', { headers: { 'x-request-id': 'trace-123' } });
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-powered-by')).toBeNull();
    expect(res.headers.get('x-request-id')).toBe('trace-123');
    const fresh = await stack
      .client()
      .get('/api/plans', { headers: { 'x-request-id': 'bad id with spaces' } });
    expect(fresh.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("may be framed by no one (only the widget's own page is, see widget-assets.int.spec.ts)", async () => {
    for (const path of ['/api/plans', '/api/user/me', '/api/no-such-route']) {
      const res = await stack.client().get(path);
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    }
  });
});
