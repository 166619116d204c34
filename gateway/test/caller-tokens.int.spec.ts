import { randomBytes } from 'node:crypto';
import type * as grpc from '@grpc/grpc-js';
import { CALLER_TOKEN_METADATA, callerTokenSigner, callUnary, createClient, loadService } from '@parley/grpc';
import { registerOwner, type Registered } from './support/flows';
import { FRONTEND, startStack, type TestStack } from './support/stack';

// Services check who calls them: the gateway's (or a service's) caller token in the metadata, not
// a field of the request. The stack's identity and billing verify; its gateway signs.

let stack: TestStack;
let owner: Registered;
const clients: grpc.Client[] = [];

const Identity = () => loadService('identity/v1/identity.proto', 'parley.identity.v1.Identity');
const Billing = () => loadService('billing/v1/billing.proto', 'parley.billing.v1.Billing');
const Health = () => loadService('grpc/health/v1/health.proto', 'grpc.health.v1.Health');

function client<C extends grpc.Client>(
  Service: new (address: string, credentials: grpc.ChannelCredentials, options?: grpc.ClientOptions) => C,
  address: string,
  sign?: () => Promise<string>,
) {
  const c = createClient(Service, address, { callerToken: sign });
  clients.push(c);
  return c;
}
const identityAddress = () => `127.0.0.1:${stack.identity.grpcPort}`;

/** What a call answers: the AppError it fails with, as the gateway would see it. */
async function refusal(call: Promise<unknown>): Promise<{ kind: string; message: string } | 'answered'> {
  try {
    await call;
    return 'answered';
  } catch (e) {
    const { kind, message } = e as { kind: string; message: string };
    return { kind, message };
  }
}

beforeAll(async () => {
  stack = await startStack();
  owner = await registerOwner(stack, stack.client({ origin: FRONTEND }));
}, 120_000);

afterAll(async () => {
  for (const c of clients) c.close();
  await stack?.dispose();
});

describe('services verify the caller', () => {
  it("serves the gateway's calls: sign-up, log-in and the billing page work through it", async () => {
    const browser = stack.client({ origin: FRONTEND });
    const login = await browser.post('/api/auth/login', { email: owner.email, password: owner.password });
    expect(login.status).toBe(200);
    const subscription = await browser.get('/api/billing/subscription');
    expect(subscription.status).toBe(200);
    expect(subscription.body).toMatchObject({ data: { requestsUsed: 0 } });
  });

  it('refuses a call without a caller token as UNAUTHENTICATED, before the handler reads the request', async () => {
    const identity = client(Identity(), identityAddress());
    const getUser = callUnary(
      identity,
      'getUser',
      { caller: { userId: owner.user.id, role: owner.user.role, accountId: owner.user.accountId } },
      { deadlineMs: 10_000 },
    );
    expect(await refusal(getUser)).toEqual({ kind: 'unauthenticated', message: 'Caller token missing' });
    // A made-up team caller in the body changes nothing: the body is not who calls.
    const billing = client(Billing(), stack.billing.address);
    const consume = callUnary(
      billing,
      'ConsumeRequest',
      { accountId: owner.user.accountId, requestId: 'no-token' },
      {
        deadlineMs: 10_000,
      },
    );
    expect(await refusal(consume)).toEqual({ kind: 'unauthenticated', message: 'Caller token missing' });
  });

  it('refuses a token signed with another key, an expired one, and junk', async () => {
    const forged = client(
      Identity(),
      identityAddress(),
      callerTokenSigner(randomBytes(32).toString('hex'), 'gateway'),
    );
    const request = { email: owner.email, password: owner.password };
    expect(await refusal(callUnary(forged, 'login', request, { deadlineMs: 10_000 }))).toEqual({
      kind: 'unauthenticated',
      message: 'Caller token invalid',
    });

    const tenMinutesAgo = () => Date.now() - 10 * 60_000;
    const stale = client(
      Identity(),
      identityAddress(),
      callerTokenSigner(stack.callerTokenSecret, 'gateway', tenMinutesAgo),
    );
    expect(await refusal(callUnary(stale, 'login', request, { deadlineMs: 10_000 }))).toEqual({
      kind: 'unauthenticated',
      message: 'Caller token expired',
    });

    const bare = client(Identity(), identityAddress());
    // An unsigned token ("alg": "none") naming the gateway.
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(
      JSON.stringify({
        iss: 'gateway',
        aud: 'parley-services',
        iat: Math.floor(Date.now() / 1000),
        exp: 9999999999,
      }),
    ).toString('base64url')}.`;
    for (const token of [none, 'junk', '']) {
      const call = callUnary(bare, 'login', request, {
        deadlineMs: 10_000,
        metadata: { [CALLER_TOKEN_METADATA]: token },
      });
      expect(await refusal(call)).toMatchObject({ kind: 'unauthenticated' });
    }
  });

  it("serves a service's call signed with the shared key (the assistant consuming a request)", async () => {
    const billing = client(
      Billing(),
      stack.billing.address,
      callerTokenSigner(stack.callerTokenSecret, 'assistant'),
    );
    const usage = await callUnary<object, { allowed: boolean }>(
      billing,
      'ConsumeRequest',
      { accountId: owner.user.accountId, requestId: 'signed' },
      { deadlineMs: 10_000 },
    );
    expect(usage.allowed).toBe(true);
  });

  it('leaves the health check open to probes, which carry no token', async () => {
    for (const address of [identityAddress(), stack.billing.address]) {
      const health = client(Health(), address);
      const answer = await callUnary<object, { status: string }>(
        health,
        'check',
        { service: '' },
        { deadlineMs: 5000 },
      );
      expect(answer.status).toBe('SERVING');
    }
  });
});
