import { signupCodeIssuedSchema, signupStartedSchema, userRegisteredSchema } from '@parley/contracts';
import {
  answers,
  details,
  eventsOf,
  failure,
  identityForSpec,
  latestCode,
  signUp,
  uniqueEmail,
  type RunningIdentity,
  type Session,
  type Ticket,
  type TestWorld,
} from './harness';

let world: TestWorld;
let identity: RunningIdentity;
identityForSpec((started) => ({ world, identity } = started));

describe('sign-up to session', () => {
  it('start, verify the mailed code, answer onboarding: an OWNER account with a session that logs in right away', async () => {
    const email = uniqueEmail('ada');
    const before = Math.floor(identity.clock.now() / 1000);
    const ticket = await identity.call<Ticket>('startSignup', details(email.toUpperCase()));
    expect(ticket.email).toBe(email);
    expect(ticket.codeExpiresAt - before).toBeGreaterThanOrEqual(599);
    expect(ticket.codeExpiresAt - before).toBeLessThanOrEqual(601);
    expect(ticket.resendAvailableAt - before).toBeGreaterThanOrEqual(59);

    // What the mailer consumes: the public schema, the code sealed, never in the clear.
    const events = await eventsOf(world, 'signup', ticket.signupId);
    const issued = events.find((e) => e.type === 'identity.SignupCodeIssued')!;
    const code = await latestCode(world, ticket.signupId);
    expect(code).toMatch(/^\d{6}$/);
    expect(signupCodeIssuedSchema.parse(issued.data)).toMatchObject({
      signupId: ticket.signupId,
      email,
      fullname: 'Ada Lovelace',
    });
    expect(JSON.stringify(events.map((e) => e.data))).not.toContain(`"${code}"`);
    expect(signupStartedSchema.parse(events[0]!.data)).toMatchObject({ selectedPlan: 'PRO' });

    await expect(
      identity.call('verifySignupCode', { signupId: ticket.signupId, otp: code }),
    ).resolves.toEqual({
      signupId: ticket.signupId,
      verified: true,
    });
    const session = await identity.call<Session>('completeOnboarding', {
      signupId: ticket.signupId,
      ...answers,
      client: { ip: '198.51.100.1', userAgent: 'jest' },
    });
    expect(session.user).toMatchObject({ email, fullname: 'Ada Lovelace', role: 'OWNER', plan: 'STANDARD' });
    expect(session.user.accountId).toBe(session.user.id);
    expect(session.accessToken.split('.')).toHaveLength(3);
    expect(session.refreshToken).toMatch(/^[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}$/);

    const registered = (await eventsOf(world, 'user', session.user.id))[0]!;
    expect(userRegisteredSchema.parse(registered.data)).toMatchObject({
      role: 'OWNER',
      plan: 'STANDARD',
      selectedPlan: 'PRO',
    });

    // The profile query reads the projection; it must already hold the account.
    await expect(identity.call('getUser', { userId: session.user.id })).resolves.toEqual(session.user);
    const loggedIn = await identity.call<Session>('login', {
      email,
      password: 'Secret_pass-1',
      client: { ip: '198.51.100.1' },
    });
    expect(loggedIn.user.id).toBe(session.user.id);
  });

  it('a completed sign-up cannot be completed again: the person logs in instead', async () => {
    const { ticket } = await signUp(world, identity);
    const error = await failure(
      identity.call('completeOnboarding', { signupId: ticket.signupId, ...answers }),
    );
    expect(error).toMatchObject({ kind: 'precondition', code: 'SIGNUP_COMPLETED' });
  });

  it('onboarding before verification is refused', async () => {
    const ticket = await identity.call<Ticket>('startSignup', details(uniqueEmail()));
    const error = await failure(
      identity.call('completeOnboarding', { signupId: ticket.signupId, ...answers }),
    );
    expect(error).toMatchObject({ kind: 'precondition', code: 'EMAIL_NOT_VERIFIED' });
  });

  it('an email that already has an account is refused at the start, on the email field', async () => {
    const { session } = await signUp(world, identity);
    const error = await failure(identity.call('startSignup', details(session.user.email.toUpperCase())));
    expect(error).toMatchObject({
      kind: 'conflict',
      code: 'EMAIL_TAKEN',
      message: 'An account with this email already exists',
    });
    expect(error.fields).toEqual([{ field: 'email', message: 'An account with this email already exists' }]);
  });

  it('an unknown sign-up id is not found', async () => {
    for (const signupId of ['2f1e0c62-8e1a-4b7e-9a55-2f0c8d1e7b00', 'not-a-uuid']) {
      const error = await failure(identity.call('verifySignupCode', { signupId, otp: '123456' }));
      expect(error).toMatchObject({ kind: 'not_found', code: 'SIGNUP_NOT_FOUND' });
    }
  });

  it('a retried start with the same command id gives the same sign-up and sends one code', async () => {
    const email = uniqueEmail();
    const first = await identity.call<Ticket>('startSignup', {
      ...details(email),
      commandId: 'client-retry-1',
    });
    const second = await identity.call<Ticket>('startSignup', {
      ...details(email),
      commandId: 'client-retry-1',
    });
    expect(second).toEqual(first);
    const issued = (await eventsOf(world, 'signup', first.signupId)).filter(
      (e) => e.type === 'identity.SignupCodeIssued',
    );
    expect(issued).toHaveLength(1);
  });
});

describe('verification code', () => {
  it('a wrong code is refused on the otp field with the attempts left; the fifth kills the code until a new one is sent', async () => {
    const ticket = await identity.call<Ticket>('startSignup', details(uniqueEmail()));
    const code = await latestCode(world, ticket.signupId);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 1; attempt <= 4; attempt++) {
      const error = await failure(
        identity.call('verifySignupCode', { signupId: ticket.signupId, otp: wrong }),
      );
      expect(error).toMatchObject({ kind: 'validation', code: 'INVALID_CODE' });
      expect(error.fields).toEqual([
        { field: 'otp', message: expect.stringContaining('The verification code is incorrect') },
      ]);
      expect(error.message).toContain(`${5 - attempt} attempt`);
    }
    const fifth = await failure(identity.call('verifySignupCode', { signupId: ticket.signupId, otp: wrong }));
    expect(fifth).toMatchObject({ kind: 'rate_limited', code: 'TOO_MANY_ATTEMPTS' });
    const right = await failure(identity.call('verifySignupCode', { signupId: ticket.signupId, otp: code }));
    expect(right).toMatchObject({ code: 'TOO_MANY_ATTEMPTS' });

    identity.clock.advance(61_000);
    await identity.call('resendSignupCode', { signupId: ticket.signupId });
    const fresh = await latestCode(world, ticket.signupId);
    await expect(
      identity.call('verifySignupCode', { signupId: ticket.signupId, otp: fresh }),
    ).resolves.toMatchObject({ verified: true });
  });

  it('a code is valid for 10 minutes: afterwards CODE_EXPIRED on otp', async () => {
    const ticket = await identity.call<Ticket>('startSignup', details(uniqueEmail()));
    const code = await latestCode(world, ticket.signupId);
    identity.clock.advance(10 * 60_000 + 1000);
    const error = await failure(identity.call('verifySignupCode', { signupId: ticket.signupId, otp: code }));
    expect(error).toMatchObject({ kind: 'validation', code: 'CODE_EXPIRED' });
    expect(error.fields[0]?.field).toBe('otp');
  });

  it('resending waits 60 s between codes and stops after five; the newest code replaces the older one', async () => {
    const ticket = await identity.call<Ticket>('startSignup', details(uniqueEmail()));
    const firstCode = await latestCode(world, ticket.signupId);
    const tooSoon = await failure(identity.call('resendSignupCode', { signupId: ticket.signupId }));
    expect(tooSoon).toMatchObject({ kind: 'rate_limited', code: 'RESEND_TOO_SOON' });
    expect(tooSoon.retryAfter).toBeGreaterThanOrEqual(59);
    expect(tooSoon.retryAfter).toBeLessThanOrEqual(60);

    for (let send = 2; send <= 5; send++) {
      identity.clock.advance(60_000);
      const ticketAgain = await identity.call<Ticket>('resendSignupCode', { signupId: ticket.signupId });
      expect(ticketAgain.signupId).toBe(ticket.signupId);
    }
    identity.clock.advance(60_000);
    const capped = await failure(identity.call('resendSignupCode', { signupId: ticket.signupId }));
    expect(capped).toMatchObject({ kind: 'rate_limited', code: 'TOO_MANY_CODES' });

    const newest = await latestCode(world, ticket.signupId);
    if (newest !== firstCode) {
      const old = await failure(
        identity.call('verifySignupCode', { signupId: ticket.signupId, otp: firstCode }),
      );
      expect(old.code).toBe('INVALID_CODE');
    }
    await expect(
      identity.call('verifySignupCode', { signupId: ticket.signupId, otp: newest }),
    ).resolves.toMatchObject({ verified: true });
  });
});

describe('starting again for the same address', () => {
  it('within 60 s is throttled; later it supersedes the earlier sign-up, whose code stops working', async () => {
    const email = uniqueEmail();
    const first = await identity.call<Ticket>('startSignup', details(email));
    const firstCode = await latestCode(world, first.signupId);
    const throttled = await failure(identity.call('startSignup', details(email)));
    expect(throttled).toMatchObject({ kind: 'rate_limited', code: 'RESEND_TOO_SOON' });

    identity.clock.advance(60_000);
    const second = await identity.call<Ticket>('startSignup', details(email, 'Other_pass-2'));
    expect(second.signupId).not.toBe(first.signupId);
    const old = await failure(
      identity.call('verifySignupCode', { signupId: first.signupId, otp: firstCode }),
    );
    expect(old).toMatchObject({ kind: 'precondition', code: 'SIGNUP_SUPERSEDED' });

    await identity.call('verifySignupCode', {
      signupId: second.signupId,
      otp: await latestCode(world, second.signupId),
    });
    const session = await identity.call<Session>('completeOnboarding', {
      signupId: second.signupId,
      ...answers,
    });
    expect(session.user.email).toBe(email);
    await expect(identity.call('login', { email, password: 'Other_pass-2' })).resolves.toMatchObject({
      user: { id: session.user.id },
    });
  });
});
