import {
  AckPolicy,
  DeliverPolicy,
  nanos,
  ReplayPolicy,
  type ConsumerConfig,
  type JetStreamManager,
} from 'nats';

const CONSUMER_NOT_FOUND = 10014;

export interface DurableSpec {
  stream: string;
  name: string;
  filterSubject: string;
  /** Checkpoint: the consumer starts at the next sequence. */
  position: number;
  maxDeliver: number;
  batchSize: number;
  ackWaitMs: number;
  /**
   * One ack settles every earlier delivery too (AckPolicy.All). Only for a consumer whose
   * messages are all handled in delivery order before a later one is acked (the projection
   * runner: one group after another); the assistant's lanes ack out of order and must not.
   */
  ackAll?: boolean;
}

export function durableConfig(spec: DurableSpec): Partial<ConsumerConfig> {
  return {
    durable_name: spec.name,
    description: `projection ${spec.name}`,
    ack_policy: spec.ackAll ? AckPolicy.All : AckPolicy.Explicit,
    ...(spec.position > 0
      ? { deliver_policy: DeliverPolicy.StartSequence, opt_start_seq: spec.position + 1 }
      : { deliver_policy: DeliverPolicy.All }),
    // NATS 2.9: one filter subject per consumer.
    filter_subject: spec.filterSubject,
    max_deliver: spec.maxDeliver,
    ack_wait: nanos(spec.ackWaitMs),
    max_ack_pending: spec.batchSize * 4,
    replay_policy: ReplayPolicy.Instant,
    // The checkpoint in PostgreSQL is where a session starts (recreateDurable), never the
    // consumer's own state, so nats-server need not write that state to disk after every
    // delivery and ack batch (its flush loop was a quarter of its CPU on the realtime bench). A
    // consumer lost with a server restart ends the session (abort_on_missing_resource), and the
    // next one is created from the checkpoint, as after any failure.
    mem_storage: true,
  };
}

/**
 * The durable consumer is positioned from the checkpoint each time a runner takes over: the
 * checkpoint (committed with the read model) is the truth, and a consumer left over from an
 * earlier run could hold unacked messages that the server would redeliver only after ack_wait,
 * behind newer ones — out of order. Recreating it makes delivery start exactly after the
 * checkpoint, in stream order.
 */
export async function recreateDurable(jsm: JetStreamManager, spec: DurableSpec): Promise<void> {
  await deleteDurable(jsm, spec.stream, spec.name);
  await jsm.consumers.add(spec.stream, durableConfig(spec));
}

export async function deleteDurable(jsm: JetStreamManager, stream: string, name: string): Promise<boolean> {
  try {
    return await jsm.consumers.delete(stream, name);
  } catch (e) {
    if ((e as { api_error?: { err_code?: number } }).api_error?.err_code === CONSUMER_NOT_FOUND) return false;
    throw e;
  }
}
