import { createLogger } from '@parley/logger';
import { createTestDatabase, TEST_NATS_URL, type TestDatabase } from '@parley/testing';
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
