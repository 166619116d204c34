import type { RecordedEvent } from '@parley/eventstore';
import type { PoolClient } from 'pg';

export interface Projection {
  /** Durable consumer name, versioned: 'identity-users-v1'. A new version replays from the first event. */
  name: string;
  /** The context whose stream it reads: 'identity'. */
  context: string;
  /** Optional: only events of <context>.<aggregate>.> (filtered by the server). */
  aggregate?: string;
  /** Runs inside the transaction that also advances the checkpoint; throw to refuse the event. */
  apply(tx: PoolClient, event: RecordedEvent): Promise<void>;
  /**
   * How many consecutive events one transaction may apply when they arrive while the previous
   * transaction is running (default 1: a transaction per event). Only for an apply whose every
   * effect is inside the transaction: a group that fails is rolled back and its events applied
   * again one by one, with the usual retries and dead letters.
   */
  maxEventsPerTransaction?: number;
  /**
   * Applies consecutive events (a group, see maxEventsPerTransaction) in one go, e.g. with one
   * statement for many rows. Must leave the read model exactly as `apply` on each in order would.
   */
  applyMany?(tx: PoolClient, events: RecordedEvent[]): Promise<void>;
}

export interface ProjectionRunner {
  readonly name: string;
  /** Last applied (or parked) stream sequence. */
  position(): number;
  /** Resolves once the projection has handled `sequence` (read-your-writes for handlers and tests). */
  waitFor(sequence: number, timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}
