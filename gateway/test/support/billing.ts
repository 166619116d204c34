import { randomUUID } from 'node:crypto';
import { BillingEvent, PLANS, type AccountPlanChanged } from '@parley/contracts';
import { EventStore } from '@parley/eventstore';
import { createLogger } from '@parley/logger';
import { connectTestNats, createTestDatabase, TEST_NATS_URL, type TestDatabase } from '@parley/testing';
import { loadConfig as loadBillingConfig } from '../../../services/billing/src/config';
import { startBilling, type Billing } from '../../../services/billing/src/start';

const logLevel = process.env.TEST_LOG_LEVEL ?? 'silent';

/** The real billing service, reading the registrations of a test stack's identity (same namespace). */
export interface TestBilling {
  service: Billing;
  /** host:port for the gateway's BILLING_GRPC_URL. */
  address: string;
  db: TestDatabase;
  dispose(): Promise<void>;
}

export async function startTestBilling(
  namespace: string,
  env: Record<string, string> = {},
): Promise<TestBilling> {
  const db: TestDatabase = await createTestDatabase();
  const config = {
    ...loadBillingConfig({
      DATABASE_URL: db.url,
      NATS_URL: TEST_NATS_URL,
      EVENT_NAMESPACE: namespace,
      LOG_LEVEL: logLevel,
      // Payments (STRIPE_*) when a test gives them: the local Stripe-compatible server's.
      ...env,
    }),
    grpcPort: 0,
  };
  let service: Billing;
  try {
    service = await startBilling(config, createLogger('billing', config.logLevel));
  } catch (e) {
    await db.drop();
    throw e;
  }
  return {
    service,
    address: `127.0.0.1:${service.grpcPort}`,
    db,
    dispose: async () => {
      await service.stop();
      await db.drop();
    },
  };
}

/**
 * Moves an account to `plan` as billing records a paid upgrade or a downgrade: its
 * AccountPlanChanged on the account's own stream, which billing's plan lookups read.
 */
export async function setAccountPlan(
  namespace: string,
  accountId: string,
  plan: 'STANDARD' | 'PRO',
): Promise<void> {
  const nc = await connectTestNats();
  try {
    const store = new EventStore(nc, { context: 'billing', namespace });
    const subject = store.subject('account', accountId);
    const { version } = await store.load(subject);
    const data: AccountPlanChanged = {
      accountId,
      plan,
      selectedPlan: plan,
      limits: {
        maxDomains: PLANS[plan].maxDomains,
        credits: PLANS[plan].credits,
        contacts: PLANS[plan].contacts,
        emailsPerMonth: PLANS[plan].emailsPerMonth,
      },
      changedAt: new Date().toISOString(),
    };
    await store.append(subject, [{ type: BillingEvent.AccountPlanChanged, data }], {
      expectedVersion: version,
      commandId: randomUUID(),
    });
  } finally {
    await nc.close();
  }
}
