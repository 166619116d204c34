import { loadConfig as loadDomainsConfig } from '@parley/domains/src/config';
import { startDomains, type Domains } from '@parley/domains/src/start';
import { createLogger } from '@parley/logger';
import { createTestDatabase, type TestDatabase } from '@parley/testing';

const logLevel = process.env.TEST_LOG_LEVEL ?? 'silent';

/** The real domains service on a test namespace (it hears that namespace's billing), with its own database. */
export interface TestDomains {
  service: Domains;
  grpcUrl: string;
  db: TestDatabase;
  stop(): Promise<void>;
}

export async function startTestDomains(namespace: string): Promise<TestDomains> {
  const db = await createTestDatabase();
  const config = {
    ...loadDomainsConfig({ DATABASE_URL: db.url, EVENT_NAMESPACE: namespace, LOG_LEVEL: logLevel }),
    grpcPort: 0,
  };
  const service = await startDomains(config, createLogger('domains', config.logLevel));
  return {
    service,
    grpcUrl: `127.0.0.1:${service.grpcPort}`,
    db,
    stop: async () => {
      await service.stop();
      await db.drop();
    },
  };
}
