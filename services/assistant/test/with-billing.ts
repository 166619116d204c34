import { randomUUID } from 'node:crypto';
import { IdentityEvent, type UserRegistered } from '@parley/contracts';
import { ensureStream, EventStore } from '@parley/eventstore';
import { callUnary, createClient, loadService } from '@parley/grpc';
import { createLogger } from '@parley/logger';
import { createTestDatabase, TEST_NATS_URL, type TestDatabase } from '@parley/testing';
import type { NatsConnection } from 'nats';
import { startBilling, type Billing } from '../../billing/src/start';

/** The real billing service in-process, in the test's namespace; accounts get plans by registering. */
export async function startBillingFor(nc: NatsConnection, namespace: string) {
  const db: TestDatabase = await createTestDatabase();
  await ensureStream(nc, 'identity', namespace);
  const identity = new EventStore(nc, { context: 'identity', namespace });
  const service: Billing = await startBilling(
    {
      grpcPort: 0,
      databaseUrl: db.url,
      natsUrl: TEST_NATS_URL,
      eventNamespace: namespace,
      logLevel: 'silent',
    },
    createLogger('billing-test', 'silent'),
  );
  const client = createClient(
    loadService('billing/v1/billing.proto', 'parley.billing.v1.Billing'),
    `127.0.0.1:${service.grpcPort}`,
  );
  const call = (method: string, request: object) =>
    callUnary<object, { allowed: boolean; requestsUsed: number }>(client, method, request, {
      deadlineMs: 20_000,
    });
  return {
    address: `127.0.0.1:${service.grpcPort}`,
    usage: (accountId: string) => call('GetAccountUsage', { accountId }),
    consume: (accountId: string, requestId: string) => call('ConsumeRequest', { accountId, requestId }),
    /** An owner registered on `plan` (identity's event, as identity writes it); returns the account id. */
    async registerOwner(plan: 'STANDARD' | 'PRO' = 'STANDARD') {
      const userId = randomUUID();
      const data: UserRegistered = {
        userId,
        email: `${userId}@example.com`,
        fullname: 'Ada Owner',
        role: 'OWNER',
        plan,
        selectedPlan: plan,
        registeredAt: new Date().toISOString(),
        accountId: userId,
      };
      await identity.append(
        identity.subject('user', userId),
        [{ type: IdentityEvent.UserRegistered, data }],
        {
          expectedVersion: 0,
          commandId: randomUUID(),
        },
      );
      return userId;
    },
    async stop() {
      client.close();
      await service.stop();
      await db.drop();
    },
  };
}
