import { randomUUID } from 'node:crypto';
import { executeCommand } from '@parley/eventstore';
import { emailDecider } from '../src/domain/email/decide';
import { emailKey } from '../src/security/secrets';
import {
  answers,
  details,
  eventsOf,
  identityForSpec,
  latestCode,
  uniqueEmail,
  type RunningIdentity,
  type Session,
  type Ticket,
  type TestWorld,
} from './harness';

let world: TestWorld;
let identity: RunningIdentity;
identityForSpec((started) => ({ world, identity } = started));

async function verifiedSignup(email: string): Promise<Ticket> {
  const ticket = await identity.call<Ticket>('startSignup', details(email));
  await identity.call('verifySignupCode', {
    signupId: ticket.signupId,
    otp: await latestCode(world, ticket.signupId),
  });
  return ticket;
}

async function accountsWith(email: string): Promise<number> {
  const { rows } = await world.db.pool.query('SELECT count(*)::int AS n FROM users WHERE email = $1', [
    email,
  ]);
  return rows[0].n as number;
}

describe('races for one address', () => {
  it('of eight registrations claiming one address at once, exactly one wins (expected version 0)', async () => {
    const email = uniqueEmail('claim');
    const subject = world.store.subject('email', emailKey(email));
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, () =>
        executeCommand(
          world.store,
          subject,
          emailDecider,
          { type: 'ClaimEmail', userId: randomUUID(), signupId: null, now: Date.now() },
          { commandId: randomUUID() },
        ),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results.filter((x): x is PromiseRejectedResult => x.status === 'rejected')) {
      expect(r.reason).toMatchObject({ kind: 'conflict', code: 'EMAIL_TAKEN' });
    }
    expect(await eventsOf(world, 'email', emailKey(email))).toHaveLength(1);
  });

  it('sign-ups started together for one address: one goes through, the others are told to wait', async () => {
    const email = uniqueEmail('together');
    const results = await Promise.allSettled(
      Array.from({ length: 4 }, () => identity.call<Ticket>('startSignup', details(email))),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results.filter((x): x is PromiseRejectedResult => x.status === 'rejected')) {
      expect(r.reason).toMatchObject({ kind: 'rate_limited', code: 'RESEND_TOO_SOON' });
    }
  });

  it('a sign-up completed several times at once (a double click) makes one account', async () => {
    const email = uniqueEmail('double');
    const ticket = await verifiedSignup(email);
    const results = await Promise.allSettled(
      [1, 2, 3].map(() =>
        identity.call<Session>('completeOnboarding', { signupId: ticket.signupId, ...answers }),
      ),
    );
    const sessions = results
      .filter((r): r is PromiseFulfilledResult<Session> => r.status === 'fulfilled')
      .map((r) => r.value);
    expect(sessions.length).toBeGreaterThanOrEqual(1);
    expect(new Set(sessions.map((s) => s.user.id)).size).toBe(1);
    // A request that arrives after the registration finished is told to log in instead.
    for (const r of results.filter((x): x is PromiseRejectedResult => x.status === 'rejected')) {
      expect(r.reason).toMatchObject({ kind: 'precondition', code: 'SIGNUP_COMPLETED' });
    }
    expect(await eventsOf(world, 'user', sessions[0]!.user.id)).toHaveLength(1);
    expect(await accountsWith(email)).toBe(1);
  });

  it('a registration racing a newer sign-up for the same address: never two accounts, and the loser cannot register', async () => {
    const email = uniqueEmail('rival');
    const older = await verifiedSignup(email);
    identity.clock.advance(61_000);
    const [completed, newer] = await Promise.allSettled([
      identity.call<Session>('completeOnboarding', { signupId: older.signupId, ...answers }),
      identity.call<Ticket>('startSignup', details(email, 'Newer_pass-1')),
    ]);
    if (newer.status === 'fulfilled') {
      await identity
        .call('verifySignupCode', {
          signupId: newer.value.signupId,
          otp: await latestCode(world, newer.value.signupId),
        })
        .catch(() => undefined);
      const late = await identity
        .call('completeOnboarding', { signupId: newer.value.signupId, ...answers })
        .then(
          () => null,
          (e: unknown) => e,
        );
      // Either the newer sign-up closed the older one before its answers were in, or the older
      // one registered first and the newer one finds the address taken. Never both, never none.
      if (completed.status === 'fulfilled') expect(late).toMatchObject({ code: 'EMAIL_TAKEN' });
      else {
        expect(completed.reason).toMatchObject({ code: 'SIGNUP_SUPERSEDED' });
        expect(late).toBeNull();
      }
    } else {
      expect(completed.status).toBe('fulfilled');
      expect(newer.reason).toMatchObject({ code: 'EMAIL_TAKEN' });
    }
    expect(await accountsWith(email)).toBe(1);
  });
});
