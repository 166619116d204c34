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

const login = (email: string, password: string, ip = '203.0.113.10') =>
  identity.call<Session>('login', { email, password, client: { ip, userAgent: 'jest' } });

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

  it('after 5 failures for an email the caller must wait, longer after each further failure; a success clears it', async () => {
    const { session, password } = await signUp(world, identity);
    const email = session.user.email;
    for (let i = 1; i <= 5; i++)
      expect((await failure(login(email, 'Wrong_pass-1', `203.0.113.${i}`))).code).toBe(
        'INVALID_CREDENTIALS',
      );

    const locked = await failure(login(email, password, '203.0.113.99'));
    expect(locked).toMatchObject({ kind: 'rate_limited', code: 'TOO_MANY_ATTEMPTS', retryAfter: 30 });

    identity.clock.advance(31_000);
    expect((await failure(login(email, 'Wrong_pass-1'))).code).toBe('INVALID_CREDENTIALS');
    expect(await failure(login(email, password))).toMatchObject({
      code: 'TOO_MANY_ATTEMPTS',
      retryAfter: 60,
    });

    identity.clock.advance(61_000);
    await expect(login(email, password)).resolves.toMatchObject({ user: { id: session.user.id } });
    // Cleared: the next mistake is an ordinary one again.
    expect((await failure(login(email, 'Wrong_pass-1'))).code).toBe('INVALID_CREDENTIALS');
    await expect(login(email, password)).resolves.toBeTruthy();
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
