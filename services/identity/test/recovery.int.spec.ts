import { randomUUID } from 'node:crypto';
import { executeCommand } from '@parley/eventstore';
import { eventually } from '@parley/testing';
import { emailDecider } from '../src/domain/email/decide';
import { signupDecider } from '../src/domain/signup/decide';
import { emailKey } from '../src/security/secrets';
import {
  answers,
  details,
  failure,
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

/** What a request leaves behind when its process dies right after recording the answers. */
async function onboardedThenCrashed(email: string, claimToo: boolean): Promise<string> {
  const ticket = await identity.call<Ticket>('startSignup', details(email));
  await identity.call('verifySignupCode', {
    signupId: ticket.signupId,
    otp: await latestCode(world, ticket.signupId),
  });
  const userId = randomUUID();
  await executeCommand(
    world.store,
    world.store.subject('signup', ticket.signupId),
    signupDecider,
    { type: 'CompleteOnboarding', userId, ...answers, now: Date.now() },
    { commandId: randomUUID() },
  );
  if (claimToo) {
    await executeCommand(
      world.store,
      world.store.subject('email', emailKey(email)),
      emailDecider,
      { type: 'ClaimEmail', userId, signupId: ticket.signupId, now: Date.now() },
      { commandId: `register-${ticket.signupId}-claim` },
    );
  }
  return userId;
}

describe('registration interrupted by a crash', () => {
  it.each([
    ['after the answers were recorded', false],
    ['after the address was claimed', true],
  ])('%s: the reactor finishes it and the account logs in', async (_when, claimToo) => {
    const email = uniqueEmail('interrupted');
    const userId = await onboardedThenCrashed(email, claimToo);
    // Polls the profile, not log-in: failed log-ins would count towards the back-off.
    // The reactor finishes the sign-up in the background; there is no event to await.
    await eventually(() => identity.call('getUser', { userId }), 15_000);
    const session = await identity.call<Session>('login', { email, password: 'Secret_pass-1' });
    expect(session.user).toMatchObject({ id: userId, email, role: 'OWNER' });
  });

  it('the client retrying the completion also finishes it, with a session', async () => {
    const email = uniqueEmail('retried');
    const ticket = await identity.call<Ticket>('startSignup', details(email));
    await identity.call('verifySignupCode', {
      signupId: ticket.signupId,
      otp: await latestCode(world, ticket.signupId),
    });
    const userId = randomUUID();
    await executeCommand(
      world.store,
      world.store.subject('signup', ticket.signupId),
      signupDecider,
      { type: 'CompleteOnboarding', userId, ...answers, now: Date.now() },
      { commandId: randomUUID() },
    );
    // Either the retry or the reactor gets there first; both lead to the one account.
    const retry = await identity
      .call<Session>('completeOnboarding', { signupId: ticket.signupId, ...answers })
      .catch((e: unknown) => e);
    if ((retry as Session).user) expect((retry as Session).user.id).toBe(userId);
    else expect(retry).toMatchObject({ code: 'SIGNUP_COMPLETED' });
    // The reactor finishes the sign-up in the background; there is no event to await.
    await eventually(() => identity.call('getUser', { userId }), 15_000);
    const session = await identity.call<Session>('login', { email, password: 'Secret_pass-1' });
    expect(session.user.id).toBe(userId);
    expect((await failure(identity.call('startSignup', details(email)))).code).toBe('EMAIL_TAKEN');
  });
});
