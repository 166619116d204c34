import { randomBytes } from 'node:crypto';
import type { GatewayClient } from './http-client';
import type { TestStack } from './stack';

let counter = 0;
export function uniqueEmail(label = 'owner'): string {
  counter += 1;
  return `${label}.${Date.now().toString(36)}${counter}${randomBytes(2).toString('hex')}@example.com`;
}

export const PASSWORD = 'Secret_pass-1';

export const signupDetails = (email: string, over: Record<string, unknown> = {}) => ({
  fullname: 'Ada Lovelace',
  email,
  confirmEmail: email,
  password: PASSWORD,
  confirmPassword: PASSWORD,
  selectedPlan: 'STANDARD',
  ...over,
});

export const onboardingAnswers = {
  products: 'Handmade ceramic mugs',
  categories: 'Kitchen, gifts',
  targetAudience: 'Coffee lovers',
};

export interface Registered {
  email: string;
  password: string;
  user: {
    id: string;
    email: string;
    fullname: string;
    role: string;
    plan: string;
    accountId: string;
    createdAt: string;
  };
  accessToken: string;
}

/** The whole sign-up through the gateway, as the frontend drives it; the client ends up signed in by cookie. */
export async function registerOwner(
  stack: TestStack,
  client: GatewayClient,
  email = uniqueEmail(),
): Promise<Registered> {
  const started = await client.post('/api/auth/signup', signupDetails(email));
  if (started.status !== 201)
    throw new Error(`sign-up failed: ${started.status} ${JSON.stringify(started.body)}`);
  const { signupId } = started.body as { signupId: string };
  const otp = await stack.signupCode(signupId);
  const verified = await client.post('/api/auth/signup/verify', { signupId, otp });
  if (verified.status !== 200)
    throw new Error(`verify failed: ${verified.status} ${JSON.stringify(verified.body)}`);
  const completed = await client.post('/api/auth/signup/complete', { signupId, ...onboardingAnswers });
  if (completed.status !== 201)
    throw new Error(`complete failed: ${completed.status} ${JSON.stringify(completed.body)}`);
  return {
    email,
    password: PASSWORD,
    ...(completed.body as { user: Registered['user']; accessToken: string }),
  };
}

export async function logIn(
  client: GatewayClient,
  email: string,
  password: string,
): Promise<{ accessToken: string; user: Registered['user'] }> {
  const res = await client.post('/api/auth/login', { email, password });
  if (res.status !== 200) throw new Error(`log-in failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { accessToken: string; user: Registered['user'] };
}
