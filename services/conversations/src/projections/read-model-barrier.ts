import type { Logger } from '@parley/logger';
import type { ProjectionRunner } from '@parley/projections';
import type { JetStreamManager, NatsConnection } from 'nats';
import { sharedAsk } from '@parley/program';

/** Longest a query waits for the read model before it answers with what is there. */
const MAX_WAIT_MS = 2_000;

export interface ReadModelBarrier {
  /**
   * Resolves once the read model holds every event the log had when this was called, or after
   * a bounded wait. Never rejects: a query is better answered a little stale than not at all.
   */
  caughtUp(): Promise<void>;
}

/**
 * Read-your-writes for the team's queries of the read model. Commands answer from the aggregate,
 * but the read model follows the log a few milliseconds behind (more under load, up to a second
 * on a standby replica): a list read right after a change, or a new room opened as soon as the
 * dashboard hears of it, could miss what the same person had just seen happen. A query first
 * waits for the projection to reach the stream's last sequence: one request to NATS (shared by
 * the queries that came while the previous one was on its way), and usually no wait at all.
 */
export function readModelBarrier(
  nc: NatsConnection,
  stream: string,
  logger: Logger,
): ReadModelBarrier & { attach(runner: ProjectionRunner): void } {
  let jsm: Promise<JetStreamManager> | undefined;
  let projection: ProjectionRunner | undefined;
  const lastSequence = sharedAsk(async () => {
    try {
      jsm ??= nc.jetstreamManager();
      return (await (await jsm).streams.info(stream)).state.last_seq;
    } catch (error) {
      jsm = undefined; // a manager that failed to come is asked for again next time
      throw error;
    }
  });
  return {
    /** The read model's runner, once started (queries before that do not wait). */
    attach(runner) {
      projection = runner;
    },
    async caughtUp() {
      if (!projection) return;
      try {
        const last = await lastSequence();
        if (last > projection.position()) await projection.waitFor(last, MAX_WAIT_MS);
      } catch (error) {
        logger.debug({ err: error }, 'read model not caught up; answering with what it holds');
      }
    },
  };
}
