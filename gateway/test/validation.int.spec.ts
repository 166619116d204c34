import { randomUUID } from 'node:crypto';
import { onboardingAnswers, signupDetails, uniqueEmail } from './support/flows';
import type { GatewayClient } from './support/http-client';
import { startStack, type TestStack } from './support/stack';

let stack: TestStack;
let client: GatewayClient;

beforeAll(async () => {
  stack = await startStack();
}, 120_000);
afterAll(async () => {
  await stack?.dispose();
});
beforeEach(() => {
  client = stack.client();
});

/** The answer of docs/api.md for one broken field: 400, code VALIDATION, the spec's text as message and as the field's first message. */
async function expectRule(path: string, body: unknown, field: string, message: string) {
  const res = await client.post(path, body);
  expect(res.status).toBe(400);
  expect(res.body.error.code).toBe('VALIDATION');
  expect(res.body.error.message).toBe(message);
  expect(res.body.error.fields[0]).toEqual({ field, message });
}

describe('spec section 5, Signup: each rule answers 400 with its exact message', () => {
  const email = () => uniqueEmail();

  it('fullname must be at least 4 characters', async () => {
    await expectRule(
      '/api/auth/signup',
      signupDetails(email(), { fullname: 'Ada' }),
      'fullname',
      'your full name must be atleast 4 characters long',
    );
  });

  it('email must be valid', async () => {
    await expectRule(
      '/api/auth/signup',
      signupDetails('ada@', { confirmEmail: 'ada@' }),
      'email',
      'Incorrect email format',
    );
  });

  it('confirmEmail must match', async () => {
    await expectRule(
      '/api/auth/signup',
      signupDetails(email(), { confirmEmail: uniqueEmail('other') }),
      'confirmEmail',
      'Your emails not match',
    );
  });

  it('password must be at least 8 characters', async () => {
    await expectRule(
      '/api/auth/signup',
      signupDetails(email(), { password: 'Short_1', confirmPassword: 'Short_1' }),
      'password',
      'Your password must be atleast 8 characters long',
    );
  });

  it('password must be at most 64 characters', async () => {
    const long = 'a'.repeat(65);
    await expectRule(
      '/api/auth/signup',
      signupDetails(email(), { password: long, confirmPassword: long }),
      'password',
      'Your password can not be longer then 64 characters long',
    );
  });

  it('password may hold only letters, digits, underscore, dot and hyphen', async () => {
    await expectRule(
      '/api/auth/signup',
      signupDetails(email(), { password: 'secret pass!', confirmPassword: 'secret pass!' }),
      'password',
      'password should contain only alphabets and numbers',
    );
  });

  it('confirmPassword must match', async () => {
    await expectRule(
      '/api/auth/signup',
      signupDetails(email(), { confirmPassword: 'Secret_pass-2' }),
      'confirmPassword',
      'passwords do not match',
    );
  });

  it('otp must be complete (6 digits)', async () => {
    await expectRule(
      '/api/auth/signup/verify',
      { signupId: randomUUID(), otp: '12345' },
      'otp',
      'Please enter the complete verification code',
    );
  });

  it('products are required', async () => {
    await expectRule(
      '/api/auth/signup/complete',
      { signupId: randomUUID(), ...onboardingAnswers, products: '  ' },
      'products',
      'Please describe your products/services',
    );
  });

  it('categories are required', async () => {
    const { categories: _omitted, ...rest } = onboardingAnswers;
    await expectRule(
      '/api/auth/signup/complete',
      { signupId: randomUUID(), ...rest },
      'categories',
      'Please describe your product categories',
    );
  });

  it('targetAudience is required', async () => {
    await expectRule(
      '/api/auth/signup/complete',
      { signupId: randomUUID(), ...onboardingAnswers, targetAudience: '' },
      'targetAudience',
      'Please describe your target audience',
    );
  });
});

describe('spec section 5, Login: each rule answers 400 with its exact message', () => {
  it('email must be valid', async () => {
    await expectRule(
      '/api/auth/login',
      { email: 'not-an-email', password: 'Secret_pass-1' },
      'email',
      'You did not enter a valid email',
    );
  });

  it('password must be at least 8 characters', async () => {
    await expectRule(
      '/api/auth/login',
      { email: uniqueEmail(), password: 'short' },
      'password',
      'Your password must be atleast 8 characters long',
    );
  });

  it('password must be at most 64 characters', async () => {
    await expectRule(
      '/api/auth/login',
      { email: uniqueEmail(), password: 'b'.repeat(65) },
      'password',
      'Your password can not be longer then 64 characters long',
    );
  });
});

describe('every broken field is listed, in form order', () => {
  it('an empty sign-up reports each field once', async () => {
    const res = await client.post('/api/auth/signup', {});
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('your full name must be atleast 4 characters long');
    expect(res.body.error.fields.map((f: { field: string }) => f.field)).toEqual([
      'fullname',
      'email',
      'confirmEmail',
      'password',
      'confirmPassword',
    ]);
  });
});

describe('input the gateway refuses before any service sees it', () => {
  it('invalid bodies spend no rate-limit point: six bad sign-ups, then a good one still goes through', async () => {
    for (let i = 0; i < 6; i++) {
      expect(
        (await client.post('/api/auth/signup', signupDetails(uniqueEmail(), { fullname: 'Al' }))).status,
      ).toBe(400);
    }
    const ok = await client.post('/api/auth/signup', signupDetails(uniqueEmail()));
    expect(ok.status).toBe(201);
  });

  it('malformed JSON answers 400 MALFORMED_JSON in the error shape', async () => {
    const res = await client.request('POST', '/api/auth/login', { rawBody: '{"email": "a@b.co",' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: { code: 'MALFORMED_JSON', message: 'Request body is not valid JSON' },
    });
  });

  it('an oversized body answers 413 PAYLOAD_TOO_LARGE in the error shape', async () => {
    const res = await client.post('/api/auth/login', {
      email: 'a@example.com',
      password: 'x'.repeat(200_000),
    });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ error: { code: 'PAYLOAD_TOO_LARGE', message: 'Request body is too large' } });
  });

  it('a JSON body that is not an object answers 400', async () => {
    const res = await client.request('POST', '/api/auth/login', {
      rawBody: '["a@example.com","Secret_pass-1"]',
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual({ code: 'VALIDATION', message: 'Request body must be a JSON object' });
  });

  it('unknown /api routes answer 404 in the same shape', async () => {
    const res = await client.get('/api/does-not-exist');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({
      error: { code: 'NOT_FOUND', message: 'No route for GET /api/does-not-exist' },
    });
  });
});
