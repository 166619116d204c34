import { startStack, type TestStack } from './support/stack';

let stack: TestStack;

beforeAll(async () => {
  stack = await startStack();
}, 120_000);
afterAll(async () => {
  await stack?.dispose();
});

describe('health and readiness', () => {
  it('is ready while identity and Redis answer, and not ready once identity is down', async () => {
    const url = stack.gateways[0]!.url;
    const ready = await fetch(`${url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({
      status: 'ready',
      checks: { accepting: 'up', identity: 'up', redis: 'up' },
    });

    await stack.stopIdentity();

    const notReady = await fetch(`${url}/readyz`);
    expect(notReady.status).toBe(503);
    expect(await notReady.json()).toEqual({
      status: 'not_ready',
      checks: { accepting: 'up', identity: 'down', redis: 'up' },
    });
    // Liveness is only about this process.
    const live = await fetch(`${url}/healthz`);
    expect(live.status).toBe(200);
    expect(await live.json()).toEqual({ status: 'ok' });
    // A call that needs identity fails cleanly, in the error shape.
    const login = await stack
      .client()
      .post('/api/auth/login', { email: 'ada@example.com', password: 'Secret_pass-1' });
    expect(login.status).toBe(503);
    expect(login.body).toEqual({
      error: { code: 'UNAVAILABLE', message: 'Service temporarily unavailable. Please try again.' },
    });
  });
});
