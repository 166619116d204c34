// A session that identity ends (log-out, a reused refresh token, a password change) stops every
// access token it issued at once, on every gateway replica: not when the tokens run out 15
// minutes later. The real identity service and two real gateways sharing one Redis.
import { logIn, PASSWORD, registerOwner } from './support/flows';
import type { GatewayClient } from './support/http-client';
import { eventually, openSocket } from './support/sockets';
import { FRONTEND, startStack, type TestGateway, type TestStack } from './support/stack';

let stack: TestStack;
let second: TestGateway;

beforeAll(async () => {
  stack = await startStack();
  second = await stack.startGateway();
}, 120_000);
afterAll(async () => {
  await stack?.dispose();
});

/** GET /api/user/me with `token` as a bearer, on the given replica: the status and error code. */
async function meWith(token: string, gateway: TestGateway): Promise<{ status: number; code?: string }> {
  const api = stack.client({ gateway });
  api.bearer = token;
  const res = await api.get('/api/user/me');
  return { status: res.status, code: res.body?.error?.code };
}

async function expectRefusedEverywhere(token: string): Promise<void> {
  for (const gateway of [stack.gateways[0]!, second]) {
    expect(await meWith(token, gateway)).toEqual({ status: 401, code: 'SESSION_REVOKED' });
  }
}

async function expectAcceptedEverywhere(token: string): Promise<void> {
  for (const gateway of [stack.gateways[0]!, second]) {
    expect((await meWith(token, gateway)).status).toBe(200);
  }
}

const accessCookie = (client: GatewayClient): string => {
  const token = client.cookie('parley_at')?.value;
  if (!token) throw new Error('the client holds no access cookie');
  return token;
};

describe('ending a session refuses its access tokens at once', () => {
  it('log-out: the access token of the session gets 401 on both replicas, another session of the user does not', async () => {
    const browser = stack.client({ origin: FRONTEND });
    const owner = await registerOwner(stack, browser);
    const token = accessCookie(browser);
    const otherDevice = await logIn(stack.client({ origin: FRONTEND }), owner.email, owner.password);
    await expectAcceptedEverywhere(token);

    expect((await browser.post('/api/auth/logout')).status).toBe(204);

    await expectRefusedEverywhere(token);
    await expectAcceptedEverywhere(otherDevice.accessToken);
  });

  it('log-out with only the access token (a client without the refresh cookie) ends the session too', async () => {
    const browser = stack.client({ origin: FRONTEND });
    await registerOwner(stack, browser);
    const token = accessCookie(browser);
    const refreshToken = browser.cookie('parley_rt')!.value;
    browser.cookies.delete('parley_rt');

    expect((await browser.post('/api/auth/logout')).status).toBe(204);

    await expectRefusedEverywhere(token);
    const refreshed = await stack.client().post('/api/auth/refresh', { refreshToken });
    expect(refreshed.status).toBe(401);
    expect(refreshed.body.error.code).toBe('SESSION_REVOKED');
  });

  it("refresh-token reuse: every access token of the session's family gets 401 on both replicas", async () => {
    const browser = stack.client({ origin: FRONTEND });
    await registerOwner(stack, browser);
    const firstAccess = accessCookie(browser);
    const firstRefresh = browser.cookie('parley_rt')!.value;
    expect((await browser.post('/api/auth/refresh')).status).toBe(200);
    const rotatedAccess = accessCookie(browser);
    expect(rotatedAccess).not.toBe(firstAccess);
    await expectAcceptedEverywhere(rotatedAccess);

    // The spent refresh token comes back (a copy in someone else's hands).
    const replay = await stack.client().post('/api/auth/refresh', { refreshToken: firstRefresh });
    expect(replay.status).toBe(401);
    expect(replay.body.error.code).toBe('TOKEN_REUSED');

    await expectRefusedEverywhere(firstAccess);
    await expectRefusedEverywhere(rotatedAccess);
  });

  it("a password change: every other session's access token gets 401 on both replicas; the changing session keeps working", async () => {
    const changer = stack.client({ origin: FRONTEND });
    const owner = await registerOwner(stack, changer);
    const other = stack.client({ origin: FRONTEND });
    const otherSession = await logIn(other, owner.email, owner.password);
    await expectAcceptedEverywhere(otherSession.accessToken);

    const changed = await changer.post('/api/user/me/password', {
      currentPassword: PASSWORD,
      password: 'Newer_pass-2',
      confirmPassword: 'Newer_pass-2',
    });
    expect(changed.status).toBe(204);

    await expectRefusedEverywhere(otherSession.accessToken);
    expect((await other.post('/api/auth/refresh')).status).toBe(401);
    await expectAcceptedEverywhere(accessCookie(changer));
    expect((await changer.post('/api/auth/refresh')).status).toBe(200);
  });

  it("closes the ended session's open sockets on every replica, and refuses a new one", async () => {
    const browser = stack.client({ origin: FRONTEND });
    const owner = await registerOwner(stack, browser);
    const token = accessCookie(browser);
    const keeper = await logIn(stack.client({ origin: FRONTEND }), owner.email, owner.password);
    const onFirst = await openSocket(stack.gateways[0]!.url, token);
    const onSecond = await openSocket(second.url, token);
    const untouched = await openSocket(second.url, keeper.accessToken);
    const reasons: string[] = [];
    for (const socket of [onFirst, onSecond]) socket.once('disconnect', (reason) => reasons.push(reason));
    try {
      expect((await browser.post('/api/auth/logout')).status).toBe(204);
      await eventually(() => reasons.length === 2, 'both sockets of the ended session to close');
      expect(reasons).toEqual(['io server disconnect', 'io server disconnect']);
      await expect(openSocket(second.url, token)).rejects.toThrow('unauthorized');
      expect(untouched.connected).toBe(true);
    } finally {
      for (const socket of [onFirst, onSecond, untouched]) socket.close();
    }
  });
});
