import { createLogger } from '@parley/logger';
import { startIdentity } from '../src/start';
import {
  createWorld,
  eventsOf,
  failure,
  signUp,
  startForTest,
  testConfig,
  type RunningIdentity,
  type Session,
  type TestWorld,
} from './harness';
import { emailKey } from '../src/security/secrets';

const ADMIN = { ADMIN_EMAIL: 'Boss@Example.com', ADMIN_PASSWORD: 'Admin_pass-1' };

describe('the configured first admin', () => {
  let world: TestWorld;
  beforeAll(async () => {
    world = await createWorld(ADMIN);
  });
  afterAll(async () => {
    await world?.dispose();
  });

  it('is created once, even by two replicas starting together, and again-starting changes nothing', async () => {
    const config = testConfig(world);
    const logger = createLogger('identity-test', 'silent');
    const replicas = await Promise.all([startIdentity(config, logger), startIdentity(config, logger)]);
    await Promise.all(replicas.map((r) => r.stop()));
    const again = await startForTest(world);
    try {
      const claim = await eventsOf(world, 'email', emailKey('boss@example.com'));
      expect(claim).toHaveLength(1);
      const adminId = (claim[0]!.data as { userId: string }).userId;
      const registered = await eventsOf(world, 'user', adminId);
      expect(registered.map((e) => e.type)).toEqual(['identity.UserRegistered']);

      const session = await again.call<Session>('login', {
        email: 'boss@example.com',
        password: 'Admin_pass-1',
      });
      expect(session.user).toMatchObject({
        id: adminId,
        role: 'ADMIN',
        accountId: adminId,
        email: 'boss@example.com',
      });
    } finally {
      await again.stop();
    }
  });
});

describe('system settings', () => {
  let world: TestWorld;
  let identity: RunningIdentity;
  let admin: Session;

  beforeAll(async () => {
    world = await createWorld(ADMIN);
    identity = await startForTest(world);
    admin = await identity.call<Session>('login', {
      email: ADMIN.ADMIN_EMAIL,
      password: ADMIN.ADMIN_PASSWORD,
    });
  });
  afterAll(async () => {
    await identity?.stop();
    await world?.dispose();
  });

  it('default to log-in and registration enabled, maintenance off', async () => {
    await expect(identity.call('getSystemSettings', {})).resolves.toEqual({
      loginEnabled: true,
      registrationEnabled: true,
      maintenanceMode: false,
    });
  });

  it('an admin changes only what was sent', async () => {
    const updated = await identity.call('updateSystemSettings', {
      actorId: admin.user.id,
      maintenanceMode: true,
    });
    expect(updated).toEqual({ loginEnabled: true, registrationEnabled: true, maintenanceMode: true });
    await expect(identity.call('getSystemSettings', {})).resolves.toEqual(updated);
    await identity.call('updateSystemSettings', { actorId: admin.user.id, maintenanceMode: false });
  });

  it('anyone else is forbidden, and nothing changes', async () => {
    const { session } = await signUp(world, identity);
    for (const actorId of [session.user.id, '00000000-0000-4000-8000-000000000000', '']) {
      const error = await failure(
        identity.call('updateSystemSettings', { actorId, registrationEnabled: false }),
      );
      expect(error).toMatchObject({ kind: 'forbidden' });
    }
    await expect(identity.call('getSystemSettings', {})).resolves.toMatchObject({
      registrationEnabled: true,
    });
  });

  it('an update with nothing in it is a validation error', async () => {
    const error = await failure(identity.call('updateSystemSettings', { actorId: admin.user.id }));
    expect(error).toMatchObject({ kind: 'validation', message: 'Nothing to change' });
  });

  it('with registration disabled every sign-up step is refused with REGISTRATION_DISABLED', async () => {
    await identity.call('updateSystemSettings', { actorId: admin.user.id, registrationEnabled: false });
    try {
      const error = await failure(
        identity.call('startSignup', {
          fullname: 'Grace Hopper',
          email: 'grace@example.com',
          confirmEmail: 'grace@example.com',
          password: 'Secret_pass-1',
          confirmPassword: 'Secret_pass-1',
        }),
      );
      expect(error).toMatchObject({
        kind: 'forbidden',
        code: 'REGISTRATION_DISABLED',
        message: 'Registration is currently disabled',
      });
      const verify = await failure(
        identity.call('verifySignupCode', {
          signupId: '2f1e0c62-8e1a-4b7e-9a55-2f0c8d1e7b00',
          otp: '123456',
        }),
      );
      expect(verify.code).toBe('REGISTRATION_DISABLED');
    } finally {
      await identity.call('updateSystemSettings', { actorId: admin.user.id, registrationEnabled: true });
    }
  });
});
