import type { EventStore } from '@parley/eventstore';
import type { Logger } from '@parley/logger';
import type { ProjectionRunner } from '@parley/projections';
import type { Lanes } from '@parley/program';

/** What billing's handlers use; wired once in start.ts. */
export interface BillingDeps {
  store: EventStore;
  /** Epoch milliseconds. */
  clock: () => number;
  /**
   * The reactor that assigns plans to registered accounts, and how far the identity stream goes
   * right now: a plan asked for just after sign-up waits for the reactor to get there.
   */
  registrations: { runner: ProjectionRunner; identityTail(): Promise<number> };
  logger: Logger;
  /** This process's queue of usage commands per aggregate (one per service instance). */
  usageQueue: Lanes;
}

export const accountSubject = (store: EventStore, accountId: string) => store.subject('account', accountId);
