import type { Decider, DomainEvent, LoadedStream, RecordedEvent } from './api';
import { ConcurrencyError, PartialAppendError } from './errors';
import type { EventStore } from './event-store';

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
  guard?: (state: S) => void | Promise<void>;
}

export interface CommandOutcome<E extends DomainEvent, S> {
  events: RecordedEvent<E>[];
  state: S;
  version: number;
}

/** Folds events into state with the decider's evolve. */
export function foldEvents<E extends DomainEvent, S>(
  decider: Pick<Decider<unknown, E, S>, 'initialState' | 'evolve'>,
  events: readonly { type: E['type']; data: E['data'] }[],
): S {
  return events.reduce<S>(
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
 */
export async function executeCommand<C, E extends DomainEvent, S>(
  store: EventStore,
  subject: string,
  decider: Decider<C, E, S>,
  command: C,
  options: ExecuteCommandOptions<S>,
): Promise<CommandOutcome<E, S>> {
  const maxAttempts = options.maxAttempts ?? 5;
  if (!Number.isInteger(maxAttempts) || maxAttempts < 1)
    throw new RangeError(`maxAttempts must be >= 1, got ${maxAttempts}`);
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
    await options.guard?.(state);
    const events = decider.decide(command, state);
    if (events.length === 0) return { events: [], state, version: loaded.version };
    try {
      const appended = await store.append(subject, events, {
        expectedVersion: loaded.version,
        commandId: options.commandId,
        ...(options.meta ? { meta: options.meta } : {}),
      });
      return {
        events: appended.events,
        state: events.reduce(decider.evolve, state),
        version: appended.version,
      };
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
