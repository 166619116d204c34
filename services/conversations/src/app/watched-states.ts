import { aggregateSubjects, type Decider, type DomainEvent, type EventStore } from '@parley/eventstore';
import type { NatsConnection, Subscription } from 'nats';
import { loadState } from './aggregates';

/** The aggregates a visitor's every message reads and that rarely change. */
const WATCHED = ['customer', 'visitorkey'] as const;

export interface WatchedStates {
  /**
   * The aggregate's state as `loadState` would read it, without a round trip while nothing
   * changed it. The state is shared with the next caller: read-only, as every folded state is.
   */
  load<C, E extends DomainEvent, S>(subject: string, decider: Decider<C, E, S>): Promise<{ state: S }>;
  stop(): void;
}

/**
 * Customers' and visitor keys' states kept in memory, each dropped when anything is appended to
 * its subject. JetStream also delivers every append to plain subscribers of the subject, so one
 * subscription (the appends of every replica) tells this process what changed; while it is not
 * connected (or was not, since a state was read) nothing is trusted. A state read while any
 * change arrived is not kept, so a read racing an append never outlives it. What is left is the
 * delay of that delivery (milliseconds), the same kind of staleness the domain cache accepts:
 * one visitor message per customer and key otherwise spent two NATS round trips on these two
 * reads (docs/benchmarks.md, realtime).
 */
export function watchStates(
  nc: NatsConnection,
  store: EventStore,
  options: { context: string; namespace?: string; maxEntries: number },
): WatchedStates {
  const states = new Map<string, unknown>();
  /** Bumped on every change seen and every connection change: a read spanning one is not kept. */
  let changes = 0;
  let connected = !nc.isClosed();
  const forgetAll = () => {
    changes++;
    states.clear();
  };
  const subscriptions: Subscription[] = WATCHED.map((aggregate) =>
    nc.subscribe(aggregateSubjects(options.context, aggregate, options.namespace), {
      callback: (_error, message) => {
        changes++;
        states.delete(message.subject);
      },
    }),
  );
  void (async () => {
    for await (const status of nc.status()) {
      if (status.type === 'disconnect') {
        connected = false;
        forgetAll();
      } else if (status.type === 'reconnect') {
        forgetAll();
        connected = true;
      }
    }
  })().catch(() => undefined);

  return {
    async load(subject, decider) {
      if (states.has(subject)) {
        const state = states.get(subject);
        // Most recently used last, so the oldest is the first to go.
        states.delete(subject);
        states.set(subject, state);
        return { state: state as never };
      }
      const before = changes;
      const { state } = await loadState(store, subject, decider);
      if (connected && changes === before) {
        states.set(subject, state);
        if (states.size > options.maxEntries) states.delete(states.keys().next().value!);
      }
      return { state };
    },
    stop() {
      for (const s of subscriptions) s.unsubscribe();
    },
  };
}
