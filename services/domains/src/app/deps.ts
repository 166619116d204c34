import type { EventStore } from '@parley/eventstore';
import type { Logger } from '@parley/logger';
import type { ProjectionRunner } from '@parley/projections';
import type { Pool } from 'pg';

/** Everything the command and query handlers use, wired once in start.ts. */
export interface DomainsDeps {
  store: EventStore;
  pool: Pool;
  logger: Logger;
  /** Epoch milliseconds. */
  clock: () => number;
  readModels: {
    domains: ProjectionRunner;
  };
}

/** Who is asking: the gateway passes the verified token's subject, role and account on every call. */
export interface Caller {
  userId: string;
  role: string;
  accountId: string;
}
