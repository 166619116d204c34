import { randomUUID } from 'node:crypto';
import { IdentityEvent } from '@parley/contracts';
import { EventStore } from '@parley/eventstore';
import { connectTestNats, eventually } from '@parley/testing';
import { startStack, type TestStack } from './support/stack';

let stack: TestStack;

beforeAll(async () => {
  stack = await startStack();
}, 120_000);
afterAll(async () => {
  await stack?.dispose();
});

interface Readiness {
  status: string;
  details: { deadLetters: Record<string, Record<string, number> | 'unavailable'> };
}
const identityLetters = (r: Readiness) => r.details.deadLetters.identity as Record<string, number>;

const SERVICES = ['assistant', 'billing', 'content', 'conversations', 'domains', 'identity', 'notifications'];

describe('health and readiness', () => {
  it('details every service’s dead letters per projection, without bearing on readiness', async () => {
    const url = stack.gateways[0]!.url;
    const ready = await fetch(`${url}/readyz`);
    expect(ready.status).toBe(200);
    const body = (await ready.json()) as Readiness;
    expect(body).toMatchObject({ status: 'ready', checks: { accepting: 'up', identity: 'up', redis: 'up' } });
    expect(Object.keys(body.details.deadLetters).sort()).toEqual(SERVICES);
    expect(body.details.deadLetters.identity).toEqual({
      'identity-api-keys-v1': 0,
      'identity-registration-v1': 0,
      'identity-session-revocations-v1': 0,
      'identity-sessions-v1': 0,
      'identity-settings-v1': 0,
      'identity-team-invites-v1': 0,
      'identity-users-v1': 0,
    });
    expect(body.details.deadLetters.billing).toEqual({ 'billing-registrations-v1': 0 });

    // A registration whose time PostgreSQL cannot read: identity's users read model parks it.
    const nc = await connectTestNats();
    try {
      const store = new EventStore(nc, { context: 'identity', namespace: stack.namespace });
      const userId = randomUUID();
      await store.append(
        store.subject('user', userId),
        [
          {
            type: IdentityEvent.UserRegistered,
            data: {
              userId,
              email: `${userId}@example.com`,
              fullname: 'Ada',
              role: 'AGENT',
              plan: 'STANDARD',
              selectedPlan: 'STANDARD',
              accountId: randomUUID(),
              registeredAt: 'not a time',
            },
          },
        ],
        { expectedVersion: 0, commandId: randomUUID() },
      );
    } finally {
      await nc.close();
    }
    const parked = await eventually(async () => {
      const res = await fetch(`${url}/readyz`);
      const seen = (await res.json()) as Readiness;
      expect(identityLetters(seen)['identity-users-v1']).toBe(1);
      return { status: res.status, body: seen };
    });
    expect(parked.status).toBe(200);
    expect(identityLetters(parked.body)['identity-sessions-v1']).toBe(0);
  });

  it('is ready while identity and Redis answer, and not ready once identity is down', async () => {
    const url = stack.gateways[0]!.url;
    const ready = await fetch(`${url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({
      status: 'ready',
      checks: { accepting: 'up', identity: 'up', redis: 'up' },
    });

    await stack.stopIdentity();

    const notReady = await fetch(`${url}/readyz`);
    expect(notReady.status).toBe(503);
    expect(await notReady.json()).toMatchObject({
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
