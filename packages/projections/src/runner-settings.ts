import { aggregateSubjects, contextSubjects, ensureStream, streamName } from '@parley/eventstore';
import type { JetStreamManager, NatsConnection } from 'nats';
import type { Projection } from './api';

/** The names a durable consumer and a projection may have (a JetStream consumer name's rules). */
export const CONSUMER_NAME = /^[A-Za-z0-9_-]{1,100}$/;

export function positiveInt(what: string, n: number): number {
  if (!Number.isInteger(n) || n < 1) throw new RangeError(`${what} must be a positive integer, got ${n}`);
  return n;
}

/** The options both runners take, with their defaults, checked once. */
export interface RunnerSettings {
  maxDeliver: number;
  batchSize: number;
  retryDelayMs: number;
  standbyPollMs: number;
  ackWaitMs: number;
  synchronousCommit: boolean;
  /**
   * Under a steady stream, how long a group of several events waits for more (GroupQueue's
   * `lingerMs`): at 500 visitor messages a second each came alone, one transaction apiece
   * (docs/benchmarks.md, runs AT). At rest nothing waits.
   */
  groupLingerMs: number;
}

/** The default `groupLingerMs`: a read after a write under load waits at most this much longer. */
export const GROUP_LINGER_MS = 5;

export function runnerSettings(o: {
  maxDeliver?: number;
  batchSize?: number;
  retryDelayMs?: number;
  standbyPollMs?: number;
  ackWaitMs?: number;
  synchronousCommit?: boolean;
  groupLingerMs?: number;
}): RunnerSettings {
  const groupLingerMs = o.groupLingerMs ?? GROUP_LINGER_MS;
  if (!(Number.isFinite(groupLingerMs) && groupLingerMs >= 0))
    throw new RangeError(`groupLingerMs must be a finite number of 0 or more, got ${groupLingerMs}`);
  return {
    maxDeliver: positiveInt('maxDeliver', o.maxDeliver ?? 5),
    batchSize: positiveInt('batchSize', o.batchSize ?? 256),
    retryDelayMs: o.retryDelayMs ?? 200,
    standbyPollMs: o.standbyPollMs ?? 1000,
    ackWaitMs: positiveInt('ackWaitMs', o.ackWaitMs ?? 60_000),
    synchronousCommit: o.synchronousCommit ?? false,
    groupLingerMs,
  };
}

/** Where a projection reads: its context's stream and the subjects of its aggregate (or context). */
export function projectionSource(
  projection: Pick<Projection, 'context' | 'aggregate'>,
  namespace: string | undefined,
): { stream: string; filterSubject: string } {
  return {
    stream: streamName(projection.context, namespace),
    filterSubject: projection.aggregate
      ? aggregateSubjects(projection.context, projection.aggregate, namespace)
      : contextSubjects(projection.context, namespace),
  };
}

export async function ensureStreamExists(
  nc: NatsConnection,
  jsm: JetStreamManager,
  stream: string,
  context: string,
  namespace: string | undefined,
): Promise<void> {
  try {
    await jsm.streams.info(stream);
  } catch (e) {
    if ((e as { api_error?: { err_code?: number } }).api_error?.err_code !== 10059) throw e;
    // The producing context has not started yet; its stream has fixed settings, so create it.
    await ensureStream(nc, context, namespace);
  }
}
