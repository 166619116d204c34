import { streamName } from '@parley/eventstore';
import { sampleConsumerPending, sampleDeadLetters, sampleProjectionLag, type Sample } from '@parley/metrics';
import type { JetStreamManager, NatsConnection } from 'nats';
import type { Pool } from 'pg';
import { deadLetterCounts } from './dead-letters';

/** A consumer of the log with a checkpoint: a projection's runner, or the assistant's reactor. */
export interface MeasuredConsumer {
  /** Its durable consumer's (and checkpoint's) name. */
  name: string;
  context: string;
  /** The sequence below which everything is applied. */
  position(): number;
  /** The durable consumer it reads through when that is shared with other projections (startSharedProjections). */
  consumer?: string;
}

/**
 * A program's projections as metrics, read when Prometheus scrapes: each one's lag (events of
 * its subjects not yet applied), its durable consumer's pending messages (on the replica that
 * holds the consumer), and the dead letters nobody replayed. The samplers are registered while
 * at least one of the program's projections runs.
 */
export function projectionMetrics(shared: { nc: NatsConnection; pool: Pool; namespace?: string }) {
  const started: MeasuredConsumer[] = [];
  let jsm: JetStreamManager | undefined;
  const manager = async () => (jsm ??= await shared.nc.jetstreamManager());
  const stream = (p: MeasuredConsumer) => streamName(p.context, shared.namespace || undefined);

  // A projection that reads some subjects only never moves past the stream's other events: its
  // consumer's count of matching events not yet applied (pending + delivered unacked) is the true
  // lag. A standby replica, which holds no consumer, reports the stream's last sequence minus the
  // checkpoint instead (an upper bound for a filtered projection).
  const lag = async (): Promise<Sample[]> => {
    const m = await manager();
    const last = new Map<string, number>();
    const samples: Sample[] = [];
    for (const projection of started) {
      const s = stream(projection);
      const info = await m.consumers.info(s, projection.consumer ?? projection.name).catch(() => undefined);
      let value: number;
      if (info) value = info.num_pending + info.num_ack_pending;
      else {
        if (!last.has(s)) last.set(s, (await m.streams.info(s)).state.last_seq);
        value = Math.max(0, last.get(s)! - projection.position());
      }
      samples.push({ labels: { projection: projection.name, stream: s }, value });
    }
    return samples;
  };
  const pending = async (): Promise<Sample[]> => {
    const m = await manager();
    const samples: Sample[] = [];
    for (const projection of started) {
      const info = await m.consumers
        .info(stream(projection), projection.consumer ?? projection.name)
        .catch(() => undefined);
      if (info)
        samples.push({
          labels: { projection: projection.name, stream: stream(projection) },
          value: info.num_pending,
        });
    }
    return samples;
  };
  const deadLetters = async (): Promise<Sample[]> =>
    (await deadLetterCounts(shared.pool, shared.namespace ?? ''))
      .filter((c) => started.some((s) => s.name === c.projection))
      .map((c) => ({ labels: { projection: c.projection }, value: c.count }));

  let removals: Array<() => void> = [];
  return {
    /** Adds a started consumer; the function returned takes it out again (on its stop). */
    add(entry: MeasuredConsumer): () => void {
      if (started.length === 0)
        removals = [sampleProjectionLag(lag), sampleConsumerPending(pending), sampleDeadLetters(deadLetters)];
      started.push(entry);
      return () => {
        const at = started.indexOf(entry);
        if (at >= 0) started.splice(at, 1);
        if (started.length === 0) removals.splice(0).forEach((remove) => remove());
      };
    },
  };
}
