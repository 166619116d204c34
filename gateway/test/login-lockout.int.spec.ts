// Wrong passwords slow guessing down without letting anyone keep the owner out: five failures from
// one IP throttle that IP for the account, while the owner's known browser (the parley_device
// cookie it got when it proved the password) still gets in with the right one, from that very IP
// too. The real identity service behind a real gateway.
import { PASSWORD, registerOwner } from './support/flows';
import { GatewayClient } from './support/http-client';
import { FRONTEND, startStack, type TestStack } from './support/stack';

let stack: TestStack;

beforeAll(async () => {
  stack = await startStack();
}, 120_000);
afterAll(async () => {
  await stack?.dispose();
});

const WRONG = 'Wrong_pass-1';
const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

describe('log-in lock-out', () => {
  it('five wrong passwords from one IP throttle that IP; the owner’s known browser gets in from anywhere, that IP included', async () => {
    const ownersBrowser = stack.client({ origin: FRONTEND });
    const owner = await registerOwner(stack, ownersBrowser);
    const device = ownersBrowser.cookie('parley_device');
    expect(device).toMatchObject({ path: '/api/auth', httpOnly: true, sameSite: 'Lax' });
    expect(device!.expiresAt! - Date.now()).toBeGreaterThan(YEAR_MS - 60_000);
    // A log-out ends the session, not the browser's standing.
    expect((await ownersBrowser.post('/api/auth/logout')).status).toBe(204);
    expect(ownersBrowser.cookie('parley_device')?.value).toBe(device!.value);

    const attacker = stack.client({ origin: FRONTEND });
    for (let i = 0; i < 5; i++) {
      const res = await attacker.post('/api/auth/login', { email: owner.email, password: WRONG });
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe('INVALID_CREDENTIALS');
    }
    // Throttled at that IP, even with the right password (which it may have guessed).
    const throttled = await attacker.post('/api/auth/login', { email: owner.email, password: PASSWORD });
    expect(throttled.status).toBe(429);
    expect(throttled.body.error.code).toBe('TOO_MANY_ATTEMPTS');
    expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThanOrEqual(29);
    expect(attacker.cookie('parley_at')).toBeUndefined();

    // The owner's browser behind the same address (a shared office or café network).
    ownersBrowser.ip = attacker.ip;
    const known = await ownersBrowser.post('/api/auth/login', { email: owner.email, password: PASSWORD });
    expect(known.status).toBe(200);
    expect(known.body.user.id).toBe(owner.user.id);
    expect(ownersBrowser.cookie('parley_device')?.value).toBe(device!.value);

    // A browser the owner never used, from another address: other addresses' failures do not count.
    const elsewhere = stack.client({ origin: FRONTEND });
    expect((await elsewhere.post('/api/auth/login', { email: owner.email, password: PASSWORD })).status).toBe(
      200,
    );

    // The attacker's address stays throttled.
    expect((await attacker.post('/api/auth/login', { email: owner.email, password: PASSWORD })).status).toBe(
      429,
    );
  });

  it('another account’s device cookie, or a forged one, is no proof', async () => {
    const first = stack.client({ origin: FRONTEND });
    await registerOwner(stack, first);
    const victim = await registerOwner(stack, stack.client({ origin: FRONTEND }));
    const attacker = stack.client({ origin: FRONTEND });
    for (let i = 0; i < 5; i++)
      await attacker.post('/api/auth/login', { email: victim.email, password: WRONG });

    for (const value of [first.cookie('parley_device')!.value, 'x'.repeat(22) + '.' + 'y'.repeat(43)]) {
      const forger = new GatewayClient(attacker.baseUrl, { ip: attacker.ip, origin: FRONTEND });
      forger.cookies.set('parley_device', { ...first.cookie('parley_device')!, value });
      const res = await forger.post('/api/auth/login', { email: victim.email, password: PASSWORD });
      expect(res.status).toBe(429);
    }
  });
});
