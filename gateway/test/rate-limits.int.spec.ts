import { randomUUID } from 'node:crypto';
import { RATE_LIMIT_POLICIES } from '../src/http/rate-limits';
import { registerOwner, signupDetails, uniqueEmail } from './support/flows';
import type { JsonResponse } from './support/http-client';
import { FRONTEND, startStack, type TestStack } from './support/stack';

let stack: TestStack;

beforeAll(async () => {
  stack = await startStack();
}, 120_000);
afterAll(async () => {
  await stack?.dispose();
});

function expectRateLimited(res: JsonResponse) {
  expect(res.status).toBe(429);
  expect(res.body.error).toEqual({
    code: 'RATE_LIMITED',
    message: 'Too many attempts. Please try again later.',
  });
  const retryAfter = Number(res.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
}

describe('rate limits on the auth routes', () => {
  it(`log-in: ${RATE_LIMIT_POLICIES.login.points} a minute per client IP, then 429 with Retry-After`, async () => {
    const client = stack.client();
    // Different unknown emails each time, so identity's own per-account back-off never kicks in.
    for (let i = 0; i < RATE_LIMIT_POLICIES.login.points; i++) {
      const res = await client.post('/api/auth/login', {
        email: uniqueEmail('nobody'),
        password: 'Wrong_pass-1',
      });
      expect(res.status).toBe(401);
    }
    expectRateLimited(
      await client.post('/api/auth/login', { email: uniqueEmail('nobody'), password: 'Wrong_pass-1' }),
    );
    // Another client IP has its own budget.
    expect(
      (
        await stack
          .client()
          .post('/api/auth/login', { email: uniqueEmail('nobody'), password: 'Wrong_pass-1' })
      ).status,
    ).toBe(401);
  });

  it('log-in: attempts that succeed do not count, so many people behind one address can sign in', async () => {
    // A browser's client: it holds the session cookies, so it sends the frontend's origin.
    const client = stack.client({ origin: FRONTEND });
    const owner = await registerOwner(stack, client);
    for (let i = 0; i < RATE_LIMIT_POLICIES.login.points + 5; i++) {
      const res = await client.post('/api/auth/login', { email: owner.email, password: owner.password });
      expect(res.status).toBe(200);
    }
    // The failures still count in full.
    for (let i = 0; i < RATE_LIMIT_POLICIES.login.points; i++) {
      const res = await client.post('/api/auth/login', {
        email: uniqueEmail('nobody'),
        password: 'Wrong_pass-1',
      });
      expect(res.status).toBe(401);
    }
    expectRateLimited(await client.post('/api/auth/login', { email: owner.email, password: owner.password }));
  });

  it(`sign-up: ${RATE_LIMIT_POLICIES.signup.points} a minute per client IP`, async () => {
    const client = stack.client();
    for (let i = 0; i < RATE_LIMIT_POLICIES.signup.points; i++) {
      expect((await client.post('/api/auth/signup', signupDetails(uniqueEmail()))).status).toBe(201);
    }
    expectRateLimited(await client.post('/api/auth/signup', signupDetails(uniqueEmail())));
  });

  it(`code verification: ${RATE_LIMIT_POLICIES.verify.points} a minute per sign-up, whatever the client IP`, async () => {
    const started = await stack.client().post('/api/auth/signup', signupDetails(uniqueEmail()));
    const { signupId } = started.body;
    const code = await stack.signupCode(signupId);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < RATE_LIMIT_POLICIES.verify.points; i++) {
      // Each attempt from a fresh IP: the limit follows the sign-up, not the address.
      const res = await stack.client().post('/api/auth/signup/verify', { signupId, otp: wrong });
      expect(res.status).not.toBe(200);
      expect(res.body.error.code).not.toBe('RATE_LIMITED');
    }
    expectRateLimited(await stack.client().post('/api/auth/signup/verify', { signupId, otp: code }));
    // Another sign-up is unaffected.
    const other = await stack
      .client()
      .post('/api/auth/signup/verify', { signupId: randomUUID(), otp: '123456' });
    expect(other.body.error.code).not.toBe('RATE_LIMITED');
  });

  it('keeps counting across gateway replicas (the counters live in Redis)', async () => {
    const second = await stack.startGateway();
    const ip = stack.client().ip;
    const onA = stack.client();
    const onB = stack.client({ gateway: second });
    onA.ip = ip;
    onB.ip = ip;
    const half = Math.ceil(RATE_LIMIT_POLICIES.login.points / 2);
    for (let i = 0; i < RATE_LIMIT_POLICIES.login.points; i++) {
      const res = await (i < half ? onA : onB).post('/api/auth/login', {
        email: uniqueEmail('nobody'),
        password: 'Wrong_pass-1',
      });
      expect(res.status).toBe(401);
    }
    expectRateLimited(
      await onA.post('/api/auth/login', { email: uniqueEmail('nobody'), password: 'Wrong_pass-1' }),
    );
    expectRateLimited(
      await onB.post('/api/auth/login', { email: uniqueEmail('nobody'), password: 'Wrong_pass-1' }),
    );
  });
});
