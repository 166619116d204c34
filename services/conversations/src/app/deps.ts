import type { EventStore } from '@parley/eventstore';
import type { Logger } from '@parley/logger';
import type { Pool } from 'pg';
import type { DomainCache } from '../projections/domain-cache';
import type { ReadModelBarrier } from '../projections/read-model-barrier';
import type { WatchedStates } from './watched-states';

/** Everything the command and query handlers use, wired once in start.ts. */
export interface ConversationsDeps {
  store: EventStore;
  /** Customers' and visitor keys' states, read without a round trip while nothing changed them. */
  watched: WatchedStates;
  pool: Pool;
  /** Team queries of the read model wait on it first, so they see every change made before them. */
  readModel: ReadModelBarrier;
  /** Domain rows by id, cached (a visitor command checks its domain on every message). */
  domains: DomainCache;
  logger: Logger;
  /** Epoch milliseconds. */
  clock: () => number;
}

/** Who is asking on the team side: the gateway passes the verified token's subject, role and account. */
export type { Caller } from '@parley/grpc';

/** A site visitor, from the gateway's visitor token. */
export interface Visitor {
  customerId: string;
  domainId: string;
  /** SHA-256 (hex) of the visitor key the token was issued for: what this browser may see. */
  keyId: string;
}
