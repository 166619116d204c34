/**
 * The event store's public shape. Implementation lives beside this file; services depend only on
 * what is exported from index.ts.
 */

/** An event as domain code sees it: a type name and a JSON-serialisable payload. */
export interface DomainEvent<T extends string = string, D = unknown> {
  type: T;
  data: D;
}

/** An event as read back from the log. */
export interface RecordedEvent<E extends DomainEvent = DomainEvent> {
  type: E['type'];
  data: E['data'];
  /** The JetStream subject, e.g. identity.user.<id>. */
  subject: string;
  /** Stream sequence: globally ordered within the stream; the aggregate's version after this event. */
  sequence: number;
  /** Unique per event: `<commandId>:<index>`; JetStream de-duplicates on it. */
  eventId: string;
  occurredAt: string;
  /** Free-form metadata: causation/correlation ids, actor. */
  meta: Record<string, string>;
  /**
   * Where this event sits in the append that wrote it (absent for messages this store did not
   * write). Lets readers tell a complete command from one that stopped half-way.
   */
  batch?: { commandId: string; index: number; size: number };
}

export interface AppendOptions {
  /**
   * Stream sequence of the aggregate's last event as the writer saw it; 0 for a new aggregate.
   * A mismatch raises ConcurrencyError.
   */
  expectedVersion: number;
  /** Identifies the command; event i gets msgID `<commandId>:<i>`, so a retried publish is dropped. */
  commandId: string;
  meta?: Record<string, string>;
}

export interface AppendResult<E extends DomainEvent = DomainEvent> {
  /** The aggregate's version (stream sequence of the last appended event). */
  version: number;
  /**
   * True when JetStream reported a publish of this call as a duplicate: the same commandId was
   * appended before (within the duplicate window), so nothing new was stored for those events.
   */
  duplicate: boolean;
  /** The events as stored, with their stream sequences. */
  events: RecordedEvent<E>[];
}

export interface LoadedStream<E extends DomainEvent = DomainEvent> {
  events: RecordedEvent<E>[];
  /** 0 when the aggregate has no events. */
  version: number;
  /**
   * Set when the last events belong to an append that has not (yet) stored all its events: a
   * writer is mid-batch, or stopped half-way. executeCommand waits briefly before deciding on it.
   */
  openBatch?: { commandId: string; appended: number; size: number };
}

/**
 * A state folded from an aggregate's events, read-only in type: evolve returns a new state rather
 * than changing the one it got, since the store keeps a folded state and hands the same object to
 * the next command on the aggregate (and to the caller, in a command's outcome).
 */
export type Folded<State> = Readonly<State>;

export interface Decider<Command, Event extends DomainEvent, State> {
  initialState: Folded<State>;
  /** Pure. Returns the state after `event`: a new object, `state` left as it was. */
  evolve(state: Folded<State>, event: Event): Folded<State>;
  /** Pure. Returns the events to append, or throws an AppError for a refused command. */
  decide(command: Command, state: Folded<State>): Event[];
}
