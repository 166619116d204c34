import { logIn, registerOwner, signupDetails, uniqueEmail, type Registered } from './support/flows';
import type { GatewayClient } from './support/http-client';
import { FRONTEND, startStack, type TestGateway, type TestStack } from './support/stack';

let stack: TestStack;
let gatewayA: TestGateway;
let gatewayB: TestGateway;
let admin: GatewayClient;
let owner: Registered;
let ownerClient: GatewayClient;

const ALL_ON = { loginEnabled: true, registrationEnabled: true, maintenanceMode: false };

beforeAll(async () => {
  // A cache far longer than any test: a change seen at once on the other replica was announced, not expired.
  stack = await startStack({ gatewayEnv: { SETTINGS_CACHE_MS: '60000' } });
  gatewayA = stack.gateways[0]!;
  gatewayB = await stack.startGateway();
  admin = stack.client({ gateway: gatewayA, origin: FRONTEND });
  await logIn(admin, stack.admin.email, stack.admin.password);
  ownerClient = stack.client({ gateway: gatewayB, origin: FRONTEND });
  owner = await registerOwner(stack, ownerClient);
}, 120_000);

afterAll(async () => {
  await stack?.dispose();
});

afterEach(async () => {
  const reset = await admin.request('PUT', '/api/system-settings', { json: ALL_ON });
  expect(reset.status).toBe(200);
  // The reset reaches replica B by a Redis announcement: the next test must not start before it
  // lands, or B still refuses with the previous test's settings.
  await expectEventually(async () => {
    const seen = (await stack.client({ gateway: gatewayB }).get('/api/system-settings')).body.data;
    return (Object.keys(ALL_ON) as Array<keyof typeof ALL_ON>).every((k) => seen[k] === ALL_ON[k]);
  });
});

async function setSettings(changes: Partial<typeof ALL_ON>) {
  const res = await admin.request('PUT', '/api/system-settings', { json: changes });
  expect(res.status).toBe(200);
  return res.body;
}

describe('reading and changing system settings', () => {
  it('GET is public and answers { success, data }', async () => {
    const res = await stack.client({ gateway: gatewayB }).get('/api/system-settings');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: ALL_ON });
  });

  it('PUT needs a signed-in ADMIN: 401 anonymous, 403 for an owner', async () => {
    const anonymous = await stack
      .client({ origin: FRONTEND })
      .request('PUT', '/api/system-settings', { json: { maintenanceMode: true } });
    expect(anonymous.status).toBe(401);
    const asOwner = await ownerClient.request('PUT', '/api/system-settings', {
      json: { maintenanceMode: true },
    });
    expect(asOwner.status).toBe(403);
    expect(asOwner.body.error.code).toBe('FORBIDDEN');
    expect((await stack.client().get('/api/system-settings')).body.data).toEqual(ALL_ON);
  });

  it('PUT validates its body', async () => {
    const nothing = await admin.request('PUT', '/api/system-settings', { json: {} });
    expect(nothing.status).toBe(400);
    expect(nothing.body.error.message).toBe('Nothing to change');
    const notBoolean = await admin.request('PUT', '/api/system-settings', {
      json: { maintenanceMode: 'yes' },
    });
    expect(notBoolean.status).toBe(400);
    expect(notBoolean.body.error.fields[0].field).toBe('maintenanceMode');
  });

  it('an admin change through one replica is in force on the other at once', async () => {
    // Warm replica B's cache first.
    expect((await stack.client({ gateway: gatewayB }).get('/api/system-settings')).body.data).toEqual(ALL_ON);
    const body = await setSettings({ registrationEnabled: false });
    expect(body).toEqual({ success: true, data: { ...ALL_ON, registrationEnabled: false } });
    // Replica B had the old settings cached for a minute; the announcement made it drop them.
    await expectEventually(
      async () =>
        (await stack.client({ gateway: gatewayB }).get('/api/system-settings')).body.data
          .registrationEnabled === false,
    );
  });
});

describe('registration disabled', () => {
  it('every /api/auth/signup* call answers 403 REGISTRATION_DISABLED', async () => {
    const client = stack.client({ gateway: gatewayB });
    const started = await client.post('/api/auth/signup', signupDetails(uniqueEmail()));
    expect(started.status).toBe(201);
    const { signupId } = started.body;

    await setSettings({ registrationEnabled: false });
    await expectEventually(
      async () => (await client.post('/api/auth/signup', signupDetails(uniqueEmail()))).status === 403,
    );

    const again = await client.post('/api/auth/signup', signupDetails(uniqueEmail()));
    expect(again.body.error).toEqual({
      code: 'REGISTRATION_DISABLED',
      message: 'Registration is currently disabled',
    });
    for (const [path, body] of [
      ['/api/auth/signup/verify', { signupId, otp: await stack.signupCode(signupId) }],
      ['/api/auth/signup/resend', { signupId }],
      ['/api/auth/signup/complete', { signupId, products: 'p', categories: 'c', targetAudience: 't' }],
    ] as const) {
      const res = await client.post(path, body);
      expect([path, res.status, res.body.error.code]).toEqual([path, 403, 'REGISTRATION_DISABLED']);
    }
    // Log-in is another matter.
    await logIn(stack.client({ gateway: gatewayB }), owner.email, owner.password);
  });
});

describe('log-in disabled', () => {
  it('refuses non-admins with 403 LOGIN_DISABLED, right or wrong credentials alike, and lets admins in', async () => {
    await setSettings({ loginEnabled: false });
    const client = stack.client({ gateway: gatewayB });
    await expectEventually(
      async () =>
        (await client.post('/api/auth/login', { email: owner.email, password: owner.password })).status ===
        403,
    );

    const right = await client.post('/api/auth/login', { email: owner.email, password: owner.password });
    expect(right.body.error).toEqual({ code: 'LOGIN_DISABLED', message: 'Login is currently disabled' });
    expect(right.setCookies).toEqual([]);
    const wrong = await client.post('/api/auth/login', { email: owner.email, password: 'Wrong_pass-1' });
    expect(wrong.status).toBe(403);
    expect(wrong.body.error.code).toBe('LOGIN_DISABLED');

    const adminAgain = stack.client({ gateway: gatewayB });
    const session = await logIn(adminAgain, stack.admin.email, stack.admin.password);
    expect(session.user.role).toBe('ADMIN');
  });
});

describe('maintenance mode', () => {
  it('answers 503 MAINTENANCE to everyone but admins, except health, settings, plans and the session routes', async () => {
    await setSettings({ maintenanceMode: true });
    await expectEventually(async () => (await ownerClient.get('/api/user/me')).status === 503);

    const me = await ownerClient.get('/api/user/me');
    expect(me.body.error.code).toBe('MAINTENANCE');
    const anonymous = stack.client({ gateway: gatewayB });
    const signup = await anonymous.post('/api/auth/signup', signupDetails(uniqueEmail()));
    expect([signup.status, signup.body.error.code]).toEqual([503, 'MAINTENANCE']);

    expect((await anonymous.get('/api/plans')).status).toBe(200);
    expect((await anonymous.get('/api/system-settings')).body.data.maintenanceMode).toBe(true);
    expect((await fetch(`${gatewayB.url}/healthz`)).status).toBe(200);
    // Log-in, refresh and logout stay open so an admin can get in (and anyone can leave).
    const loginClient = stack.client({ gateway: gatewayB, origin: FRONTEND });
    await logIn(loginClient, owner.email, owner.password);
    expect((await loginClient.post('/api/auth/refresh')).status).toBe(200);
    expect((await loginClient.get('/api/user/me')).status).toBe(503);
    expect((await loginClient.post('/api/auth/logout')).status).toBe(204);

    const adminOnB = stack.client({ gateway: gatewayB, origin: FRONTEND });
    await logIn(adminOnB, stack.admin.email, stack.admin.password);
    const adminMe = await adminOnB.get('/api/user/me');
    expect(adminMe.status).toBe(200);
    expect(adminMe.body.user.role).toBe('ADMIN');
  });
});

/** Settings changes reach the other replica over Redis; give the message a moment, without sleeping blindly. */
async function expectEventually(check: () => Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}
