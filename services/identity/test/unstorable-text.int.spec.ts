// Events already in the log with text PostgreSQL refuses (NUL, lone surrogates) are applied by
// every identity read model, not parked: the gateway refuses such input now, but the log keeps
// what came before, and other writers may not.
import { randomBytes, randomUUID } from 'node:crypto';
import { IdentityEvent } from '@parley/contracts';
import { deadLetters, eventually, storedFrom, unstorable } from '@parley/testing';
import { userById } from '../src/projections/users/queries';
import { createWorld, startForTest, type RunningIdentity, type TestWorld } from './harness';

describe('identity read models and text PostgreSQL refuses', () => {
  let world: TestWorld;
  let identity: RunningIdentity;

  beforeAll(async () => {
    world = await createWorld();
    identity = await startForTest(world);
  });
  afterAll(async () => {
    await identity?.stop();
    await world?.dispose();
  });

  const append = (aggregate: string, id: string, type: string, data: object, expectedVersion = 0) =>
    world.store.append(world.store.subject(aggregate, id), [{ type, data }], {
      expectedVersion,
      commandId: randomUUID(),
    });

  it('applies users, sessions, invites and settings with NUL and lone surrogates in every text field', async () => {
    const now = new Date().toISOString();
    const later = new Date(Date.now() + 3_600_000).toISOString();
    const userId = randomUUID();
    const email = `${randomBytes(4).toString('hex')}@example.com`;
    const registered = await append('user', userId, IdentityEvent.UserRegistered, {
      userId,
      email: unstorable(email),
      fullname: unstorable('Ada'),
      role: 'OWNER',
      plan: 'PRO',
      accountId: userId,
      selectedPlan: 'PRO',
      registeredAt: now,
      passwordHash: unstorable('hash'),
      signupId: null,
      onboarding: {
        products: unstorable('mugs'),
        categories: unstorable('kitchen'),
        targetAudience: unstorable('coffee'),
      },
    });
    await append(
      'user',
      userId,
      IdentityEvent.UserRenamed,
      { userId, fullname: unstorable('Ada L'), renamedAt: now },
      registered.version,
    );
    const sessionId = randomUUID();
    await append('session', sessionId, 'identity.SessionStarted', {
      sessionId,
      userId,
      origin: 'login',
      client: { ip: unstorable('10.0.0.1'), userAgent: unstorable('Mozilla') },
      secretHash: unstorable('secret'),
      expiresAt: later,
      startedAt: now,
    });
    const inviteId = randomUUID();
    await append('invite', inviteId, IdentityEvent.TeamInviteIssued, {
      inviteId,
      accountId: userId,
      email: unstorable(`agent.${email}`),
      invitedBy: userId,
      inviterName: unstorable('Ada'),
      tokenHash: unstorable('token'),
      sealedToken: unstorable('sealed'),
      expiresAt: later,
      issuedAt: now,
    });
    await append('settings', 'system', IdentityEvent.SystemSettingsUpdated, {
      loginEnabled: true,
      registrationEnabled: true,
      maintenanceMode: false,
      updatedBy: unstorable(userId),
      updatedAt: now,
    });

    const pool = world.db.pool;
    await eventually(async () => {
      expect(await userById(pool, userId)).toMatchObject({
        email: storedFrom(email),
        fullname: storedFrom('Ada L'),
      });
      const session = await pool.query('SELECT ip, user_agent FROM sessions WHERE id = $1', [sessionId]);
      expect(session.rows).toEqual([{ ip: storedFrom('10.0.0.1'), user_agent: storedFrom('Mozilla') }]);
      const invite = await pool.query('SELECT email, status FROM team_invites WHERE id = $1', [inviteId]);
      expect(invite.rows).toEqual([{ email: storedFrom(`agent.${email}`), status: 'pending' }]);
      const settings = await pool.query('SELECT updated_by FROM system_settings');
      expect(settings.rows).toEqual([{ updated_by: storedFrom(userId) }]);
    });
    expect(await deadLetters(pool)).toEqual([]);
  });
});
