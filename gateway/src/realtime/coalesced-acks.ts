import { nextTurn } from '@parley/eventstore';

/** What an ack needs of a JetStream message. */
export interface Ackable {
  ack(): void;
}

export interface CoalescedAcks {
  /** Acks `m` at the end of this turn of the event loop, with every other ack of the turn. */
  add(m: Ackable): void;
  /** Acks everything pending now (before a stop). */
  flush(): void;
}

/**
 * The relay acks each event after its own chain of promises, one microtask after another, and
 * the NATS client flushes its buffer in the microtask after a publish: every ack was a write of
 * its own. Held to the end of the turn, the acks of a run of events go out as one write (an
 * ack's delay is far inside ack_wait).
 */
export function coalescedAcks(): CoalescedAcks {
  let pending: Ackable[] = [];
  const flush = () => {
    const due = pending;
    pending = [];
    for (const m of due) m.ack();
  };
  return {
    add(m) {
      pending.push(m);
      if (pending.length === 1) void nextTurn().then(flush);
    },
    flush,
  };
}
