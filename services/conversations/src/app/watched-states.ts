import {
  aggregateSubjects,
  type Decider,
  type DomainEvent,
  type EventStore,
  type Folded,
} from '@parley/eventstore';
import { LRUCache } from 'lru-cache';
import type { NatsConnection, Subscription } from 'nats';
import { loadState } from './aggregates';

/** The aggregates a visitor's every message reads and that rarely change. */
const WATCHED = ['customer', 'visitorkey'] as const;

export interface WatchedStates {
  /**
   * The aggregate's state as `loadState` would read it, without a round trip while nothing
   * changed it. The state is shared with the next caller: read-only, as every folded state is.
   */
  load<C, E extends DomainEvent, S>(
    subject: string,
    decider: Decider<C, E, S>,
  ): Promise<{ state: Folded<S> }>;
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
  // Least recently used dropped first; a size of 0 (EVENT_CACHE_SIZE=0) keeps nothing.
  const states =
    options.maxEntries > 0
      ? new LRUCache<string, { state: unknown }>({ max: options.maxEntries })
      : undefined;
  /** Bumped on every change seen and every connection change: a read spanning one is not kept. */
  let changes = 0;
  let connected = !nc.isClosed();
  const forgetAll = () => {
    changes++;
    states?.clear();
  };
  const subscriptions: Subscription[] = WATCHED.map((aggregate) =>
    nc.subscribe(aggregateSubjects(options.context, aggregate, options.namespace), {
      callback: (_error, message) => {
        changes++;
        states?.delete(message.subject);
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
      const held = states?.get(subject);
      if (held) return { state: held.state as never };
      const before = changes;
      const { state } = await loadState(store, subject, decider);
      if (connected && changes === before) states?.set(subject, { state });
      return { state };
    },
    stop() {
      for (const s of subscriptions) s.unsubscribe();
    },
  };
}
