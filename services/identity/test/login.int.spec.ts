import {
  failure,
  identityForSpec,
  signUp,
  uniqueEmail,
  type RunningIdentity,
  type Session,
  type TestWorld,
} from './harness';

const ADMIN = { email: 'root.admin@example.com', password: 'Admin_pass-1' };
let world: TestWorld;
let identity: RunningIdentity;
identityForSpec((started) => ({ world, identity } = started), {
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
});

const login = (email: string, password: string, ip = '203.0.113.10', deviceToken = '') =>
  identity.call<Session & { deviceToken: string }>('login', {
    email,
    password,
    client: { ip, userAgent: 'jest' },
    deviceToken,
  });

describe('log-in', () => {
  it('right credentials give a session; the email is matched in any letter case', async () => {
    const { session, password } = await signUp(world, identity);
    const again = await login(session.user.email.toUpperCase(), password);
    expect(again.user).toEqual(session.user);
    expect(again.refreshToken).not.toBe(session.refreshToken);
  });

  it('a wrong password and an unknown email get the same answer', async () => {
    const { session } = await signUp(world, identity);
    const wrong = await failure(login(session.user.email, 'Wrong_pass-1'));
    const unknown = await failure(login(uniqueEmail('ghost'), 'Wrong_pass-1'));
    for (const error of [wrong, unknown]) {
      expect(error).toMatchObject({
        kind: 'unauthenticated',
        code: 'INVALID_CREDENTIALS',
        message: 'Invalid email or password',
      });
    }
  });

  it('five failures from one IP lock that IP out of the account, right password included, longer after each further failure; a success clears it', async () => {
    const { session, password } = await signUp(world, identity);
    const email = session.user.email;
    const attacker = '203.0.113.66';
    for (let i = 1; i <= 5; i++)
      expect((await failure(login(email, 'Wrong_pass-1', attacker))).code).toBe('INVALID_CREDENTIALS');

    const locked = await failure(login(email, password, attacker));
    expect(locked).toMatchObject({ kind: 'rate_limited', code: 'TOO_MANY_ATTEMPTS', retryAfter: 30 });

    identity.clock.advance(31_000);
    expect((await failure(login(email, 'Wrong_pass-1', attacker))).code).toBe('INVALID_CREDENTIALS');
    expect(await failure(login(email, password, attacker))).toMatchObject({
      code: 'TOO_MANY_ATTEMPTS',
      retryAfter: 60,
    });

    identity.clock.advance(61_000);
    await expect(login(email, password, attacker)).resolves.toMatchObject({ user: { id: session.user.id } });
    // Cleared: the next mistake from there is an ordinary one again.
    expect((await failure(login(email, 'Wrong_pass-1', attacker))).code).toBe('INVALID_CREDENTIALS');
    await expect(login(email, password, attacker)).resolves.toBeTruthy();
  });

  it("someone else's failures never lock the owner out: another IP still gets in, and so does the owner's known browser from the attacker's own IP", async () => {
    const { session, password } = await signUp(world, identity);
    const email = session.user.email;
    // The owner's usual browser logged in before and kept its device token.
    const usual = await login(email, password, '198.51.100.20');
    expect(usual.deviceToken).toMatch(/^[\w-]{22}\.[\w-]{43}$/);

    const shared = '203.0.113.77';
    for (let i = 0; i < 5; i++) await failure(login(email, 'Wrong_pass-1', shared));
    expect(await failure(login(email, password, shared))).toMatchObject({ code: 'TOO_MANY_ATTEMPTS' });

    // A new browser elsewhere: not locked.
    await expect(login(email, password, '198.51.100.21')).resolves.toBeTruthy();
    // The known browser behind the very address that is locked: the token proves it.
    const known = await login(email, password, shared, usual.deviceToken);
    expect(known.user.id).toBe(session.user.id);
    // It keeps its token (same device), so its own counters stay its own.
    expect(known.deviceToken).toBe(usual.deviceToken);
    // The attacker at that address is still throttled.
    expect(await failure(login(email, password, shared))).toMatchObject({ code: 'TOO_MANY_ATTEMPTS' });
  });

  it('failures spread over many IPs lock the account after 20 for unknown browsers only; a known browser or an address the owner logged in from still gets in', async () => {
    const { session, password } = await signUp(world, identity);
    const email = session.user.email;
    const usual = await login(email, password, '198.51.100.30');
    for (let i = 1; i <= 20; i++) await failure(login(email, 'Wrong_pass-1', `192.0.2.${i}`));

    const fresh = await failure(login(email, password, '192.0.2.200'));
    expect(fresh).toMatchObject({ kind: 'rate_limited', code: 'TOO_MANY_ATTEMPTS', retryAfter: 60 });
    await expect(login(email, password, '192.0.2.201', usual.deviceToken)).resolves.toBeTruthy();
    // The address the owner logged in from before, even without the browser's token.
    await expect(login(email, password, '198.51.100.30')).resolves.toBeTruthy();

    identity.clock.advance(61_000);
    await expect(login(email, password, '192.0.2.200')).resolves.toBeTruthy();
  });

  it("a known browser's own failures lock that browser (a stolen token is no key), and only it", async () => {
    const { session, password } = await signUp(world, identity);
    const email = session.user.email;
    const laptop = await login(email, password, '198.51.100.40');
    const phone = await login(email, password, '198.51.100.41');
    expect(phone.deviceToken).not.toBe(laptop.deviceToken);
    for (let i = 0; i < 5; i++)
      expect((await failure(login(email, 'Wrong_pass-1', '192.0.2.50', laptop.deviceToken))).code).toBe(
        'INVALID_CREDENTIALS',
      );
    expect(await failure(login(email, password, '192.0.2.51', laptop.deviceToken))).toMatchObject({
      code: 'TOO_MANY_ATTEMPTS',
    });
    await expect(login(email, password, '192.0.2.52', phone.deviceToken)).resolves.toBeTruthy();
    // The laptop's failures were its own: the account and the address are not locked.
    await expect(login(email, password, '192.0.2.50')).resolves.toBeTruthy();
  });

  it('a device token proves nothing for another account, nor when forged; one browser keeps the tokens of its last five accounts', async () => {
    const first = await signUp(world, identity);
    const second = await signUp(world, identity);
    const ip = '198.51.100.60';
    const firstLogin = await login(first.session.user.email, first.password, ip);
    // The same browser (it sends its cookie) logs in to a second account: both tokens kept.
    const both = await login(second.session.user.email, second.password, ip, firstLogin.deviceToken);
    expect(both.deviceToken.split('~')).toHaveLength(2);
    expect(both.deviceToken.split('~')).toContain(firstLogin.deviceToken);

    const attacker = '203.0.113.90';
    for (let i = 0; i < 5; i++) await failure(login(second.session.user.email, 'Wrong_pass-1', attacker));
    // The first account's token, and a token with its signature altered, do not open the second.
    const [deviceId] = firstLogin.deviceToken.split('.');
    for (const devices of [firstLogin.deviceToken, `${deviceId}.${'A'.repeat(43)}`]) {
      expect(
        await failure(login(second.session.user.email, second.password, attacker, devices)),
      ).toMatchObject({ code: 'TOO_MANY_ATTEMPTS' });
    }
    await expect(
      login(second.session.user.email, second.password, attacker, both.deviceToken),
    ).resolves.toBeTruthy();

    let cookie = both.deviceToken;
    for (let i = 0; i < 5; i++) {
      const { session, password } = await signUp(world, identity);
      cookie = (await login(session.user.email, password, ip, cookie)).deviceToken;
    }
    expect(cookie.split('~')).toHaveLength(5);
  });

  it('one IP failing across many emails is locked out after 20 failures, even for a right password', async () => {
    const { session, password } = await signUp(world, identity);
    const ip = '198.51.100.77';
    for (let i = 0; i < 20; i++) {
      expect((await failure(login(uniqueEmail('spray'), 'Wrong_pass-1', ip))).code).toBe(
        'INVALID_CREDENTIALS',
      );
    }
    expect(await failure(login(session.user.email, password, ip))).toMatchObject({
      kind: 'rate_limited',
      code: 'TOO_MANY_ATTEMPTS',
    });
    await expect(login(session.user.email, password, '198.51.100.78')).resolves.toBeTruthy();
  });

  it('with log-in disabled only admins get in', async () => {
    const { session, password } = await signUp(world, identity);
    const admin = await login(ADMIN.email, ADMIN.password);
    expect(admin.user.role).toBe('ADMIN');
    await identity.call('updateSystemSettings', { actorId: admin.user.id, loginEnabled: false });
    try {
      const refused = await failure(login(session.user.email, password));
      expect(refused).toMatchObject({
        kind: 'forbidden',
        code: 'LOGIN_DISABLED',
        message: 'Login is currently disabled',
      });
      // Wrong credentials stay INVALID_CREDENTIALS: the setting reveals nothing about an account.
      expect((await failure(login(session.user.email, 'Wrong_pass-1'))).code).toBe('INVALID_CREDENTIALS');
      await expect(login(ADMIN.email, ADMIN.password)).resolves.toMatchObject({ user: { role: 'ADMIN' } });
    } finally {
      await identity.call('updateSystemSettings', { actorId: admin.user.id, loginEnabled: true });
    }
    await expect(login(session.user.email, password)).resolves.toBeTruthy();
  });
});
