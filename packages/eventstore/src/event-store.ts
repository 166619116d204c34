import { DeliverPolicy, type JetStreamClient, type JsMsg, type NatsConnection, type PubAck } from 'nats';
import { eventAppends } from '@parley/metrics';
import { appendSpan } from './tracing';
import type { AppendOptions, AppendResult, DomainEvent, LoadedStream, RecordedEvent } from './api';
import {
  apiErrorCode,
  ConcurrencyError,
  PartialAppendError,
  reportedLastSequence,
  WRONG_LAST_SEQUENCE,
} from './errors';
import { contextSubjects, InvalidNameError, streamName, subjectFor } from './names';
import type { DirectQuery } from './direct-get';
import { exactGet } from './exact-get';
import { heldEvent, readHeld, type HeldEvent } from './held-event';
import { HistoryCache } from './history-cache';
import { nextTurn } from './next-turn';
import { parsePubAck, ReplyInbox } from './reply-inbox';
import {
  decodeEvent,
  encodePayload,
  eventHeaders,
  eventId,
  MSG_ID_HEADER,
  type StoredEventMessage,
} from './wire';

export interface EventStoreOptions {
  context: string;
  namespace?: string;
  /** Per-publish acknowledgement timeout. Default 5 s. */
  publishTimeoutMs?: number;
  /**
   * Up to this many events are read with direct gets (one request each) before load switches
   * to an ordered consumer, which streams the rest. Default 8: most aggregates are short.
   */
  directReadLimit?: number;
  /**
   * How many aggregates' events are kept in memory (least recently used dropped first); 0 turns
   * the cache off. Events are immutable (the stream denies deletes and purges), so a cached
   * history stays valid: load then costs one request to learn the last sequence, plus reading
   * only events appended since. Default 1000.
   */
  cacheSize?: number;
}

/** Publishes that time out (or meet a server without JetStream ready) are repeated: safe, msgID de-duplicates. */
const PUBLISH_ATTEMPTS = 3;
const EVENT_TYPE = /^[A-Za-z0-9_.:-]{1,128}$/;

/**
 * The event log of one bounded context: a JetStream stream with one subject per aggregate.
 * The stream must exist (ensureStream) before the first append or load.
 */
export class EventStore {
  readonly stream: string;
  readonly context: string;
  readonly namespace: string | undefined;
  private readonly prefix: string;
  private readonly publishTimeoutMs: number;
  private readonly directReadLimit: number;
  private readonly cache: HistoryCache;
  private readonly js: JetStreamClient;
  private readonly replies: ReplyInbox;

  constructor(
    private readonly nc: NatsConnection,
    options: EventStoreOptions,
  ) {
    this.context = options.context;
    this.namespace = options.namespace || undefined;
    this.stream = streamName(options.context, this.namespace);
    this.prefix = contextSubjects(options.context, this.namespace).slice(0, -1); // 'identity.'
    this.publishTimeoutMs = options.publishTimeoutMs ?? 5000;
    this.directReadLimit = options.directReadLimit ?? 8;
    this.cache = new HistoryCache(options.cacheSize ?? 1000);
    this.js = nc.jetstream({ timeout: this.publishTimeoutMs });
    this.replies = replyInboxOf(nc);
  }

  /** 'identity.user.<id>' (namespaced when the store is). */
  subject(aggregate: string, id: string): string {
    return subjectFor(this.context, aggregate, id, this.namespace);
  }

  /**
   * Appends events to one aggregate if its version is still `expectedVersion`.
   *
   * Each event is its own publish: the first expects the caller's version, each later one the
   * sequence the previous publish got, so the batch lands contiguously or stops at the first
   * conflict. Event i carries msgID `<commandId>:<i>`: repeating the same call (a retry after a
   * timeout, or after a crash) is de-duplicated by JetStream within the duplicate window and
   * resumes a batch that stopped half-way.
   *
   * @throws ConcurrencyError when the aggregate moved on before the first event (nothing stored).
   * @throws PartialAppendError when the batch stopped after some events were stored.
   */
  async append<E extends DomainEvent>(
    subject: string,
    events: E[],
    options: AppendOptions,
  ): Promise<AppendResult<E>> {
    const traced = appendSpan(this.stream, subject, events);
    try {
      // The events carry the trace that appended them (`traceparent` in their meta), so
      // whoever consumes them continues it; a caller's own trace keys win.
      const meta = { ...traced.carrier, ...(options.meta ?? {}) };
      const result = await traced.run(() => this.appendUncounted(subject, events, { ...options, meta }));
      if (events.length > 0)
        eventAppends.inc({ stream: this.stream, outcome: result.duplicate ? 'duplicate' : 'appended' });
      return result;
    } catch (e) {
      eventAppends.inc({
        stream: this.stream,
        outcome: e instanceof ConcurrencyError ? 'conflict' : 'failed',
      });
      throw e;
    }
  }

  private async appendUncounted<E extends DomainEvent>(
    subject: string,
    events: E[],
    options: AppendOptions,
  ): Promise<AppendResult<E>> {
    this.assertAggregateSubject(subject);
    const { expectedVersion, commandId } = options;
    if (!Number.isSafeInteger(expectedVersion) || expectedVersion < 0) {
      throw new RangeError(`expectedVersion must be a non-negative integer, got ${expectedVersion}`);
    }
    if (typeof commandId !== 'string' || commandId.length === 0 || /\s/.test(commandId)) {
      throw new RangeError('commandId must be a non-empty string without whitespace');
    }
    if (events.length === 0) return { version: expectedVersion, duplicate: false, events: [] };
    const meta = { ...(options.meta ?? {}) };
    const occurredAt = new Date().toISOString();
    // Everything that can fail on our side fails before the first publish: a batch must not
    // stop half-way because event 2 does not serialise.
    const payloads = events.map((event, index) => {
      if (!event || typeof event.type !== 'string' || event.type === '') {
        throw new TypeError(`event ${index} has no type`);
      }
      // The type also travels in a header: no whitespace or control characters.
      if (!EVENT_TYPE.test(event.type))
        throw new TypeError(`event ${index} has an invalid type ${JSON.stringify(event.type)}`);
      return encodePayload(event, occurredAt, meta);
    });
    const recorded: RecordedEvent<E>[] = [];
    const held: HeldEvent[] = [];
    let expected = expectedVersion;
    let duplicate = false;
    let storedBefore = false;
    for (const [index, event] of events.entries()) {
      const id = eventId(commandId, index);
      let ack: PubAck & { firstTry: boolean };
      try {
        ack = await this.publish(subject, event.type, payloads[index]!, {
          id,
          expected,
          batchSize: events.length,
        });
      } catch (e) {
        if (index === 0 && apiErrorCode(e) === WRONG_LAST_SEQUENCE) {
          throw new ConcurrencyError(subject, expectedVersion, reportedLastSequence(e));
        }
        if (index === 0) throw e;
        throw new PartialAppendError(subject, commandId, index, events.length, e);
      }
      if (ack.duplicate) {
        // Report the event as it was stored the first time (its occurredAt and meta).
        recorded.push(await this.storedDuplicate<E>(subject, ack.seq, id));
        storedBefore = true;
        if (ack.firstTry) duplicate = true;
      } else {
        const stored: RecordedEvent<E> = {
          type: event.type,
          data: event.data,
          subject,
          sequence: ack.seq,
          eventId: id,
          occurredAt,
          meta,
          batch: { commandId, index, size: events.length },
        };
        recorded.push(stored);
        // The cache keeps the payload this store encoded, not the caller's objects.
        held.push(heldEvent(stored, payloads[index]!));
      }
      expected = ack.seq;
    }
    // An event stored before sits wherever it landed then, not necessarily right after
    // `expectedVersion`: the cached history cannot be continued with it.
    if (storedBefore) this.cache.delete(subject);
    else this.cache.extend(subject, expectedVersion, held);
    return { version: expected, duplicate, events: recorded };
  }

  /**
   * The history of `subject` as this store last read or appended it, without asking the log:
   * another writer may have appended since. Undefined when none is cached. Not a copy (its events
   * are immutable; readHeld decodes one): for executeCommand, which decides on it optimistically
   * (the append's expected version catches a stale one).
   */
  heldHistory(subject: string): readonly HeldEvent[] | undefined {
    this.assertAggregateSubject(subject);
    return this.cache.peek(subject);
  }

  /** The state `decider` folded from the held history as it is now (see `holdState`), if any. */
  heldState(subject: string, decider: object): unknown {
    return this.cache.folded(subject, decider);
  }

  /**
   * Keeps `state`, folded by `decider` from the history up to `version`, beside the held history
   * while that still ends there. States are immutable: evolve returns a new one.
   */
  holdState(subject: string, decider: object, version: number, state: unknown): void {
    this.cache.keepFolded(subject, decider, version, state);
  }

  /** Every event of one aggregate, in order; version 0 and no events for an unknown aggregate. */
  async load<E extends DomainEvent>(subject: string): Promise<LoadedStream<E>> {
    this.assertAggregateSubject(subject);
    // The leader's last, not a lagging replica's: a command would decide on a stale history and
    // fail its append every round.
    const last = await this.exact({ last_by_subj: subject });
    if (!last) {
      this.cache.delete(subject);
      return { events: [], version: 0 };
    }
    // Decoded afresh from the held payloads: the caller's copies, shared with nobody.
    const held = this.cache.validPrefix(subject, last.seq, last.header(MSG_ID_HEADER));
    const events = held.map((h) => readHeld<E>(h));
    const read = (m: StoredEventMessage): RecordedEvent<E> => {
      const event = decodeEvent<E>(m);
      // A copy: the message's bytes may be a view of the client's read buffer.
      held.push(heldEvent(event, m.data.slice()));
      return event;
    };
    let next = (events[events.length - 1]?.sequence ?? 0) + 1;
    // Short tails: walk with direct gets (one round trip per event, no consumer to create).
    for (let hops = 0; next <= last.seq && hops < this.directReadLimit; hops++) {
      const m = next === last.seq ? last : await this.nextEvent(subject, next, last.seq);
      events.push(read(m));
      next = m.seq + 1;
    }
    // Long tails: stream the rest through an ordered consumer filtered to the subject.
    if (next <= last.seq) await this.readLongTail(subject, next, last.seq, events, read);
    this.cache.set(subject, held);
    return finish(events);
  }

  /**
   * Reads through an ordered consumer; when that stalls (no event for publishTimeoutMs) or fails,
   * walks the rest with direct gets instead. On a cluster with a node down, JetStream may place
   * the ephemeral consumer on the missing node, and the client then retries its creation for
   * minutes (seen with NATS 2.9.10, one load in three); direct gets are answered by any live
   * replica.
   */
  private async readLongTail<E extends DomainEvent>(
    subject: string,
    from: number,
    until: number,
    into: RecordedEvent<E>[],
    decode: (m: StoredEventMessage) => RecordedEvent<E>,
  ): Promise<void> {
    const read: StoredEventMessage[] = [];
    let lastProgress = Date.now();
    let abandoned = false;
    const reading = this.readWithConsumer(subject, from, until, read, () => {
      lastProgress = Date.now();
      return !abandoned;
    });
    const stalled = new Promise<'stalled'>((resolve) => {
      const timer = setInterval(
        () => {
          if (Date.now() - lastProgress < this.publishTimeoutMs) return;
          clearInterval(timer);
          resolve('stalled');
        },
        Math.min(250, this.publishTimeoutMs),
      );
      void reading.then(
        () => clearInterval(timer),
        () => clearInterval(timer),
      );
    });
    const outcome = await Promise.race([
      reading.then(
        () => 'read' as const,
        () => 'failed' as const,
      ),
      stalled,
    ]);
    if (outcome === 'read') {
      into.push(...read.map(decode));
      return;
    }
    abandoned = true;
    reading.catch(() => undefined);
    const taken = read.slice(); // the abandoned read may still push
    into.push(...taken.map(decode));
    let next = (taken[taken.length - 1]?.seq ?? from - 1) + 1;
    while (next <= until) {
      const m = await this.nextEvent(subject, next, until);
      into.push(decode(m));
      next = m.seq + 1;
    }
  }

  private async readWithConsumer(
    subject: string,
    from: number,
    until: number,
    into: StoredEventMessage[],
    /** Called on each event; false stops the read (its caller went on without it). */
    progress: () => boolean,
  ): Promise<void> {
    const consumer = await this.js.consumers.get(this.stream, {
      filterSubjects: subject,
      deliver_policy: DeliverPolicy.StartSequence,
      opt_start_seq: from,
      inactive_threshold: 30_000,
    });
    try {
      for (let round = 0; round < 1000; round++) {
        let received = 0;
        const batch = await consumer.fetch({ max_messages: 1000, expires: 2000 });
        for await (const m of batch) {
          received++;
          if (!progress()) {
            batch.stop();
            return;
          }
          into.push(fromJsMsg(m));
          if (m.seq >= until) {
            batch.stop();
            return;
          }
        }
        if (received === 0) throw new Error(`event log of ${subject} did not deliver events up to ${until}`);
      }
      throw new Error(`event log of ${subject} is too long to load`);
    } finally {
      // Not awaited: the ephemeral consumer would also expire by itself on inactivity.
      consumer.delete().catch(() => undefined);
    }
  }

  private async publish(
    subject: string,
    type: string,
    payload: Uint8Array,
    p: { id: string; expected: number; batchSize: number },
  ): Promise<PubAck & { firstTry: boolean }> {
    // Appends of one turn (concurrent commands) share a write to NATS instead of one each.
    await nextTurn();
    for (let attempt = 1; ; attempt++) {
      try {
        // js.publish's request, through the connection's own reply inbox (reply-inbox.ts).
        const headers = eventHeaders(type, p.batchSize);
        headers.set(MSG_ID_HEADER, p.id);
        headers.set(EXPECTED_LAST_SUBJECT_SEQUENCE_HEADER, String(p.expected));
        const reply = await this.replies.request(subject, payload, headers, this.publishTimeoutMs);
        return Object.assign(parsePubAck(reply), { firstTry: attempt === 1 });
      } catch (e) {
        if (attempt >= PUBLISH_ATTEMPTS || !isTransient(e)) throw e;
        await new Promise((r) => setTimeout(r, 50 * attempt));
      }
    }
  }

  /**
   * JetStream de-duplicates on msgID stream-wide. A commandId reused for another aggregate would
   * silently drop this event; refuse that loudly instead.
   */
  private async storedDuplicate<E extends DomainEvent>(
    subject: string,
    seq: number,
    id: string,
  ): Promise<RecordedEvent<E>> {
    const m = await this.exact({ seq });
    if (!m) throw new Error(`msgID ${id} reported as a duplicate of sequence ${seq}, which does not exist`);
    if (m.subject !== subject) {
      throw new Error(
        `msgID ${id} was already used for ${m.subject} (seq ${seq}); commandIds must be unique per command`,
      );
    }
    return decodeEvent<E>(m);
  }

  private exact(query: DirectQuery): Promise<StoredEventMessage | undefined> {
    return exactGet(this.nc, this.stream, query, this.publishTimeoutMs);
  }

  /** The first event of `subject` at or after `from`, which must be at most `until`. */
  private async nextEvent(subject: string, from: number, until: number): Promise<StoredEventMessage> {
    const m = await this.exact({ seq: from, next_by_subj: subject });
    if (!m || m.seq > until)
      throw new Error(`event log of ${subject} changed while reading (missing up to ${until})`);
    return m;
  }

  private assertAggregateSubject(subject: string): void {
    if (typeof subject !== 'string' || !subject.startsWith(this.prefix) || /[\s*>]/.test(subject)) {
      throw new InvalidNameError(`subject for stream ${this.stream}`, String(subject));
    }
    const rest = subject.slice(this.prefix.length).split('.');
    if (rest.length !== 2 || rest.some((t) => t === '')) {
      throw new InvalidNameError(`subject for stream ${this.stream} (want <aggregate>.<id>)`, subject);
    }
  }
}

const EXPECTED_LAST_SUBJECT_SEQUENCE_HEADER = 'Nats-Expected-Last-Subject-Sequence';

/** One reply inbox (one subscription) per connection, shared by its stores. */
const replyInboxes = new WeakMap<NatsConnection, ReplyInbox>();
function replyInboxOf(nc: NatsConnection): ReplyInbox {
  let inbox = replyInboxes.get(nc);
  if (!inbox) replyInboxes.set(nc, (inbox = new ReplyInbox(nc)));
  return inbox;
}

function finish<E extends DomainEvent>(events: RecordedEvent<E>[]): LoadedStream<E> {
  const lastEvent = events[events.length - 1];
  const loaded: LoadedStream<E> = { events, version: lastEvent?.sequence ?? 0 };
  const batch = lastEvent?.batch;
  if (batch && batch.index < batch.size - 1) {
    loaded.openBatch = { commandId: batch.commandId, appended: batch.index + 1, size: batch.size };
  }
  return loaded;
}

function fromJsMsg(m: JsMsg): StoredEventMessage {
  return { subject: m.subject, seq: m.seq, data: m.data, header: (n) => m.headers?.get(n) || undefined };
}

function isTransient(e: unknown): boolean {
  const code = String((e as { code?: string | number }).code ?? '');
  return code === 'TIMEOUT' || code === '503';
}
