import type { Decider, DomainEvent, Folded, LoadedStream, RecordedEvent } from './api';
import { ConcurrencyError, PartialAppendError } from './errors';
import type { EventStore } from './event-store';
import { readHeld } from './held-event';

export interface ExecuteCommandOptions<S = unknown> {
  /** Unique per command (not per request that runs several commands). Makes the command idempotent. */
  commandId: string;
  /** Load-decide-append rounds before a ConcurrencyError is given up to the caller. Default 5. */
  maxAttempts?: number;
  meta?: Record<string, string>;
  /**
   * A check decide cannot make (it is pure and synchronous), e.g. against a cache of another
   * context's data: runs on the state each attempt decides on, before decide; what it throws
   * propagates unchanged and nothing is appended (a repeat of a stored command is answered
   * without it). Saves the caller loading the aggregate itself first just to check it.
   */
  guard?: (state: Folded<S>) => void | Promise<void>;
}

export interface CommandOutcome<E extends DomainEvent, S> {
  events: RecordedEvent<E>[];
  state: Folded<S>;
  version: number;
}

/** Folds events into state with the decider's evolve. */
export function foldEvents<E extends DomainEvent, S>(
  decider: Pick<Decider<unknown, E, S>, 'initialState' | 'evolve'>,
  events: readonly { type: E['type']; data: E['data'] }[],
): Folded<S> {
  return events.reduce<Folded<S>>(
    (state, e) => decider.evolve(state, { type: e.type, data: e.data } as E),
    decider.initialState,
  );
}

/** Jittered exponential back-off: ~10, 20, 40, 80 ms ... capped at 250 ms. */
export function retryDelayMs(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(250, 10 * 2 ** Math.max(0, attempt - 1));
  return Math.round(base * (0.5 + random()));
}

/**
 * The events a command already stored on this aggregate, if any: a command re-sent with the same
 * commandId (client retry, redelivered request) finds its own events instead of acting twice.
 */
export function priorEvents<E extends DomainEvent>(
  loaded: LoadedStream<E>,
  commandId: string,
): RecordedEvent<E>[] {
  return loaded.events.filter((e) => e.batch?.commandId === commandId);
}

/**
 * load -> decide -> append, retried on ConcurrencyError (reload, decide again on the fresh state)
 * up to maxAttempts. decide returning [] appends nothing. Errors thrown by decide propagate
 * unchanged.
 *
 * Idempotent per commandId: when the aggregate already holds this command's events (all of
 * them), they are returned without deciding again. If it holds only some (a writer stopped
 * half-way), PartialAppendError is thrown rather than deciding on top of a half-applied command.
 *
 * When the store holds the aggregate's history from its own reads and appends, the first round
 * decides on that without asking the log (one request less per command), on the state folded
 * from it by the previous command (no copy and fold of the whole history): the append expects
 * its version, so a history another writer has moved past fails it and the rounds above take
 * over. The outcome's state may be the one the store holds for the next command: treat it as
 * read-only, as evolve does.
 */
export function executeCommand<C, E extends DomainEvent, S>(
  store: EventStore,
  subject: string,
  decider: Decider<C, E, S>,
  command: C,
  options: ExecuteCommandOptions<S>,
): Promise<CommandOutcome<E, S>> {
  const maxAttempts = options.maxAttempts ?? 5;
  if (!Number.isInteger(maxAttempts) || maxAttempts < 1)
    return Promise.reject(new RangeError(`maxAttempts must be >= 1, got ${maxAttempts}`));
  return takingTurns(store, subject, () => run(store, subject, decider, command, options, maxAttempts));
}

/** Per store, the end of the line of commands on each subject (settled, never rejecting). */
const lines = new WeakMap<EventStore, Map<string, Promise<void>>>();

/**
 * Commands on one aggregate through one store run one after another. Run at once, each would
 * decide on the same version and all but one append would fail, again every round: a burst of a
 * few dozen (a visitor's messages to one room) ran out of attempts and failed with
 * ConcurrencyError. In turn, each decides on the history the previous one left (held, so no
 * read of the log) and appends once; the rounds are left for writers in other processes. A
 * command with nobody ahead of it starts at once.
 */
function takingTurns<T>(store: EventStore, subject: string, command: () => Promise<T>): Promise<T> {
  let bySubject = lines.get(store);
  if (!bySubject) lines.set(store, (bySubject = new Map()));
  const ahead = bySubject.get(subject);
  const outcome = ahead ? ahead.then(command) : command();
  const done = outcome.then(
    () => undefined,
    () => undefined,
  );
  bySubject.set(subject, done);
  void done.then(() => {
    if (bySubject.get(subject) === done) bySubject.delete(subject);
  });
  return outcome;
}

async function run<C, E extends DomainEvent, S>(
  store: EventStore,
  subject: string,
  decider: Decider<C, E, S>,
  command: C,
  options: ExecuteCommandOptions<S>,
  maxAttempts: number,
): Promise<CommandOutcome<E, S>> {
  const optimistic = await decideOnHeldHistory(store, subject, decider, command, options);
  if (optimistic) return optimistic;
  for (let attempt = 1; ; attempt++) {
    const loaded = await store.load<E>(subject);
    const prior = priorEvents(loaded, options.commandId);
    if (prior.length > 0) {
      const size = prior[0]?.batch?.size ?? prior.length;
      if (prior.length < size) throw new PartialAppendError(subject, options.commandId, prior.length, size);
      return { events: prior, state: foldEvents(decider, loaded.events), version: loaded.version };
    }
    // Another writer is between the events of one append: its next publish is a millisecond
    // away, so wait for it instead of deciding on half a command. If it never completes (it
    // crashed), the last attempt goes ahead on what is there.
    if (loaded.openBatch && attempt < maxAttempts) {
      await sleep(retryDelayMs(attempt));
      continue;
    }
    const state = foldEvents(decider, loaded.events);
    store.holdState(subject, decider, loaded.version, state);
    await options.guard?.(state);
    const events = decider.decide(command, state);
    if (events.length === 0) return { events: [], state, version: loaded.version };
    try {
      const appended = await store.append(subject, events, {
        expectedVersion: loaded.version,
        commandId: options.commandId,
        ...(options.meta ? { meta: options.meta } : {}),
      });
      const next = events.reduce(decider.evolve, state);
      store.holdState(subject, decider, appended.version, next);
      return { events: appended.events, state: next, version: appended.version };
    } catch (e) {
      if (e instanceof ConcurrencyError && attempt < maxAttempts) {
        await sleep(retryDelayMs(attempt));
        continue;
      }
      throw e;
    }
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

/**
 * The optimistic first round: decide on the store's held history (and the state it holds folded
 * from it) and append expecting its version. Undefined (nothing stored) whenever the outcome
 * could depend on the history being current: none held, this command or another writer's batch
 * in it, a refusal by the guard or decide, anything but one event to append, a stale version, or
 * the log answering that this command was stored before. Those are decided again on the log.
 */
async function decideOnHeldHistory<C, E extends DomainEvent, S>(
  store: EventStore,
  subject: string,
  decider: Decider<C, E, S>,
  command: C,
  options: ExecuteCommandOptions<S>,
): Promise<CommandOutcome<E, S> | undefined> {
  const history = store.heldHistory(subject);
  const last = history?.[history.length - 1];
  if (!history || !last) return undefined;
  if (last.batch && last.batch.index < last.batch.size - 1) return undefined; // a batch in flight
  if (history.some((e) => e.batch?.commandId === options.commandId)) return undefined;
  let state: S;
  let events: E[];
  try {
    // Folded from fresh decodes: a state shares no objects with the store's history.
    state =
      (store.heldState(subject, decider) as S | undefined) ??
      foldEvents(
        decider,
        history.map((h) => readHeld<E>(h)),
      );
    await options.guard?.(state);
    events = decider.decide(command, state);
  } catch {
    return undefined; // a refusal must not rest on a history that may be stale
  }
  // One event only: the first of several could meet an earlier run of this command (its msgID
  // de-duplicated) and the rest would then be appended on top of it.
  if (events.length !== 1) return undefined;
  try {
    const appended = await store.append(subject, events, {
      expectedVersion: last.sequence,
      commandId: options.commandId,
      ...(options.meta ? { meta: options.meta } : {}),
    });
    if (appended.duplicate) return undefined; // stored before: answered from the log, as stored
    const next = events.reduce(decider.evolve, state);
    store.holdState(subject, decider, appended.version, next);
    return { events: appended.events, state: next, version: appended.version };
  } catch (e) {
    if (e instanceof ConcurrencyError) return undefined;
    throw e;
  }
}
