// How identity tells the gateways that a session ended (@parley/contracts session-revocation): a
// Redis key per ended session, kept as long as its access tokens can live, and a message on a
// channel. Every way a session ends announces it; an end a crash left unannounced is announced
// from the log.
import { randomUUID } from 'node:crypto';
import { sessionRevocationNames } from '@parley/contracts';
import { unseal } from '@parley/contracts/sealing';
import { executeCommand } from '@parley/eventstore';
import { createClient, type RedisClientType } from 'redis';
import { SessionRevocations } from '../src/app/sessions/session-revocations';
import { sessionDecider } from '../src/domain/session/decide';
import {
  identityForSpec,
  MAIL_SEAL_KEY,
  signUp,
  uniqueEmail,
  type RunningIdentity,
  type Session,
  type TestWorld,
} from './harness';

const ACCESS_TTL_SECONDS = 600;
let world: TestWorld;
let identity: RunningIdentity;
identityForSpec((started) => ({ world, identity } = started), {
  ACCESS_TOKEN_TTL_SECONDS: String(ACCESS_TTL_SECONDS),
});

let redis: RedisClientType;
let subscriber: RedisClientType;
/** Session ids heard on the channel, in order. */
const announced: string[] = [];

beforeAll(async () => {
  redis = createClient({ url: 'redis://127.0.0.1:6379' });
  subscriber = redis.duplicate();
  await Promise.all([redis.connect(), subscriber.connect()]);
  await subscriber.subscribe(sessionRevocationNames(world.namespace).revokedChannel, (id) => {
    announced.push(id);
  });
});
afterAll(async () => {
  await Promise.allSettled([subscriber?.close(), redis?.close()]);
});

const names = () => sessionRevocationNames(world.namespace);
const sessionOf = (session: Session) => session.refreshToken.split('.')[0]!;
const client = { ip: '192.0.2.9', userAgent: 'jest' };

async function eventually(check: () => Promise<boolean> | boolean, what: string): Promise<void> {
  const end = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Marked at once (the call has answered), for the access token's lifetime and a minute more. */
async function expectMarked(sessionId: string): Promise<void> {
  const ttl = await redis.pTTL(names().revokedSession(sessionId));
  expect(ttl).toBeGreaterThan((ACCESS_TTL_SECONDS + 50) * 1000);
  expect(ttl).toBeLessThanOrEqual((ACCESS_TTL_SECONDS + 60) * 1000);
  await eventually(() => announced.includes(sessionId), `the announcement of ${sessionId}`);
}

async function expectNotMarked(sessionId: string): Promise<void> {
  expect(await redis.exists(names().revokedSession(sessionId))).toBe(0);
}

describe('every way a session ends is announced before the call answers', () => {
  it('log-out by refresh token, and by the session id of a verified access token', async () => {
    const { session, password } = await signUp(world, identity);
    const other = await identity.call<Session>('login', { email: session.user.email, password, client });
    await identity.call('logout', { refreshToken: session.refreshToken });
    await expectMarked(sessionOf(session));
    await expectNotMarked(sessionOf(other));

    await identity.call('logout', { refreshToken: '', sessionId: sessionOf(other) });
    await expectMarked(sessionOf(other));
  });

  it('a log-out with a token that is not the session’s marks nothing', async () => {
    const { session } = await signUp(world, identity);
    await identity.call('logout', { refreshToken: `${sessionOf(session)}.${'B'.repeat(43)}` });
    await expectNotMarked(sessionOf(session));
  });

  it('a reused refresh token', async () => {
    const { session } = await signUp(world, identity);
    await identity.call('refresh', { refreshToken: session.refreshToken, client });
    await expect(
      identity.call('refresh', { refreshToken: session.refreshToken, client }),
    ).rejects.toMatchObject({
      code: 'TOKEN_REUSED',
    });
    await expectMarked(sessionOf(session));
  });

  it('a password change: every other session, not the one that changed it', async () => {
    const { session, password } = await signUp(world, identity);
    const laptop = await identity.call<Session>('login', { email: session.user.email, password, client });
    await identity.call('changePassword', {
      userId: session.user.id,
      currentPassword: password,
      password: 'New_pass-22',
      confirmPassword: 'New_pass-22',
      sessionId: sessionOf(session),
    });
    await expectMarked(sessionOf(laptop));
    await expectNotMarked(sessionOf(session));
  });

  it('a removed team member', async () => {
    const { session: owner } = await signUp(world, identity);
    const caller = { userId: owner.user.id, role: 'OWNER', accountId: owner.user.id };
    const invite = await identity.call<{ id: string }>('inviteTeamMember', {
      caller,
      email: uniqueEmail('agent'),
    });
    const { events } = await world.store.load(world.store.subject('invite', invite.id));
    const sealed = (events.at(-1)!.data as { sealedToken: string }).sealedToken;
    const member = await identity.call<Session>('acceptTeamInvite', {
      token: unseal(sealed, MAIL_SEAL_KEY),
      fullname: 'Grace Hopper',
      password: 'Agent_pass-1',
      confirmPassword: 'Agent_pass-1',
      client,
    });
    await identity.call('removeTeamMember', { caller, id: member.user.id });
    await expectMarked(sessionOf(member));
  });
});

describe('an end the request could not announce', () => {
  it('is announced from the log (the revocation reactor), as a crash between the two would leave it', async () => {
    const { session } = await signUp(world, identity);
    const sessionId = sessionOf(session);
    // Recorded straight into the log, the way a process that died before announcing leaves it.
    await executeCommand(
      world.store,
      world.store.subject('session', sessionId),
      sessionDecider,
      { type: 'RevokeSession', reason: 'logout', presentedHash: null, now: identity.clock.now() },
      { commandId: randomUUID() },
    );
    await eventually(
      async () => (await redis.exists(names().revokedSession(sessionId))) === 1,
      'the reactor to mark the session',
    );
    await eventually(() => announced.includes(sessionId), 'the reactor to announce the session');
  });
});

describe('SessionRevocations', () => {
  it('marks nothing for a session whose every access token has expired', async () => {
    const revocations = new SessionRevocations(redis, world.namespace, ACCESS_TTL_SECONDS);
    const now = Date.now();
    const old = randomUUID();
    await revocations.announce(old, now - (ACCESS_TTL_SECONDS + 61) * 1000, now);
    await expectNotMarked(old);

    const recent = randomUUID();
    await revocations.announce(recent, now - ACCESS_TTL_SECONDS * 1000, now);
    const ttl = await redis.pTTL(names().revokedSession(recent));
    expect(ttl).toBeGreaterThan(50_000);
    expect(ttl).toBeLessThanOrEqual(60_000);
  });
});
