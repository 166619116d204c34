import { PLAN_IDS, PLANS } from '@parley/contracts';
import { callerTokenSigner, callUnary, createClient, loadService } from '@parley/grpc';
import { logIn, onboardingAnswers, signupDetails, uniqueEmail } from './support/flows';
import type { GatewayClient } from './support/http-client';
import { FRONTEND, startStack, type TestGateway, type TestStack } from './support/stack';

/** Real identity, billing (reading identity's registrations) and gateway; see support/stack.ts. */
let stack: TestStack;

beforeAll(async () => {
  stack = await startStack();
}, 120_000);
afterAll(async () => {
  await stack?.dispose();
});

const client = (over: { gateway?: TestGateway } = {}) =>
  stack.client({ gateway: over.gateway, origin: FRONTEND });

/** The whole sign-up through the gateway, picking `selectedPlan`; the client ends up signed in. */
async function signUp(c: GatewayClient, selectedPlan: 'STANDARD' | 'PRO') {
  const email = uniqueEmail();
  const started = await c.post('/api/auth/signup', signupDetails(email, { selectedPlan }));
  expect(started.status).toBe(201);
  const { signupId } = started.body as { signupId: string };
  const verified = await c.post('/api/auth/signup/verify', {
    signupId,
    otp: await stack.signupCode(signupId),
  });
  expect(verified.status).toBe(200);
  const completed = await c.post('/api/auth/signup/complete', { signupId, ...onboardingAnswers });
  expect(completed.status).toBe(201);
  return (completed.body as { user: { id: string; accountId: string } }).user;
}

const STANDARD_LIMITS = { maxDomains: 1, credits: 100, contacts: 1000, emailsPerMonth: 10 };
const STANDARD_DETAILS = {
  name: 'Standard',
  description: 'Everything a small site needs to start answering visitors.',
  priceFormatted: '$0/month',
  interval: 'month',
  isFree: true,
  features: ['100 chatbot requests a month', '1 domain', '1,000 contacts', '10 marketing emails a month'],
  credits: 100,
  maxDomains: 1,
};

describe('GET /api/plans (public, answered by billing)', () => {
  it('lists the catalogue in the shape the pricing section reads, cacheable', async () => {
    const res = await client().get('/api/plans');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    expect(res.body).toEqual({ data: PLAN_IDS.map((id) => PLANS[id]) });
  });
});

describe('GET /api/billing/plan', () => {
  it('shows a new owner STANDARD with its limits, keeping a PRO pick as selected (unpaid)', async () => {
    const c = client();
    await signUp(c, 'PRO');
    const res = await c.get('/api/billing/plan');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.body).toEqual({
      data: { plan: 'STANDARD', selectedPlan: 'PRO', limits: STANDARD_LIMITS, planDetails: STANDARD_DETAILS },
    });
  });

  it("answers each caller with their own account's plan", async () => {
    const a = client();
    const b = client();
    await signUp(a, 'STANDARD');
    await signUp(b, 'PRO');
    expect((await a.get('/api/billing/plan')).body).toMatchObject({ data: { selectedPlan: 'STANDARD' } });
    expect((await b.get('/api/billing/plan')).body).toMatchObject({ data: { selectedPlan: 'PRO' } });
  });

  it('gives the configured admin an account and plan of their own', async () => {
    const admin = client();
    await logIn(admin, stack.admin.email, stack.admin.password);
    const res = await admin.get('/api/billing/plan');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ data: { plan: 'STANDARD', selectedPlan: 'STANDARD' } });
  });

  it('refuses a caller who is not signed in', async () => {
    const res = await client().get('/api/billing/plan');
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } });
  });
});

describe('GET /api/billing/subscription (subscription details with request usage)', () => {
  /** What the assistant does once per answer, straight to billing's gRPC API. */
  const consume = async (accountId: string, count: number) => {
    const billing = createClient(
      loadService('billing/v1/billing.proto', 'parley.billing.v1.Billing'),
      stack.billing.address,
      { callerToken: callerTokenSigner(stack.callerTokenSecret, 'assistant') },
    );
    try {
      for (let i = 0; i < count; i++)
        await callUnary(
          billing,
          'ConsumeRequest',
          { accountId, requestId: `answer-${i}` },
          { deadlineMs: 10_000 },
        );
    } finally {
      billing.close();
    }
  };

  it("shows the caller's plan and usage in this period, and only the caller's", async () => {
    const a = client();
    const b = client();
    const owner = await signUp(a, 'STANDARD');
    await signUp(b, 'STANDARD');
    await consume(owner.accountId, 81);

    const res = await a.get('/api/billing/subscription');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const now = new Date();
    expect(res.body).toEqual({
      data: {
        currentPlan: 'STANDARD',
        planDetails: STANDARD_DETAILS,
        subscription: null,
        providerSubscription: null,
        canUpgrade: true,
        canDowngrade: false,
        requestLimit: 100,
        requestsUsed: 81,
        requestsRemaining: 19,
        usagePeriod: {
          start: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString(),
          end: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString(),
        },
      },
    });
    // Another account's usage is its own: b has used nothing.
    expect((await b.get('/api/billing/subscription')).body).toMatchObject({
      data: { requestsUsed: 0, requestsRemaining: 100 },
    });
  });

  it('refuses a caller who is not signed in', async () => {
    expect((await client().get('/api/billing/subscription')).status).toBe(401);
  });
});

describe('billing unreachable', () => {
  it('answers 503 for the catalogue and the plan, and the rest of the API keeps working', async () => {
    // Port 9 (discard) has no gRPC server on this machine: every call fails as unavailable.
    const cut = await stack.startGateway({ BILLING_GRPC_URL: '127.0.0.1:9', GRPC_DEADLINE_MS: '2000' });
    const c = client({ gateway: cut });
    const plans = await c.get('/api/plans');
    expect(plans.status).toBe(503);
    expect(plans.body).toMatchObject({ error: { message: expect.any(String) } });
    await logIn(c, stack.admin.email, stack.admin.password);
    expect((await c.get('/api/billing/plan')).status).toBe(503);
    expect((await c.get('/api/billing/subscription')).status).toBe(503);
    expect((await c.get('/api/user/me')).status).toBe(200);
  });
});
