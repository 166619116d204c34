import {
  contextSubjects,
  decodeEvent,
  ensureStream,
  EVENT_TYPE_HEADER,
  streamName,
  type RecordedEvent,
} from '@parley/eventstore';
import type { Logger } from '@parley/logger';
import { Lanes } from '@parley/program';
import { inEventSpan } from '@parley/tracing';
import {
  advanceCheckpoint,
  applyRetryDelayMs,
  consumeInOrder,
  DurableLoop,
  ensureProjectionSchema,
  errorText,
  insertDeadLetter,
  isDeterministicError,
  isTransientError,
  LeaderLock,
  markReplayed,
  openOrderedSession,
  readCheckpoint,
  registerCheckpoint,
  ReplayWatcher,
  requestedReplays,
  storableEvent,
  type ProjectionKey,
} from '@parley/projections';
import type { ConsumerMessages, JetStreamManager, JsMsg, NatsConnection } from 'nats';
import type { Pool } from 'pg';
import { Watermark } from './watermark';

/** What the consumer runs: which lane an event belongs to, and how it is applied. */
export interface LaneHandler {
  /** The lane whose events must be applied in order, or null when the event needs nothing. */
  laneOf(event: RecordedEvent): string | null;
  /**
   * Applies one event. Called again for the same event after a failure or a crash, so it must
   * be exactly-once itself (the reactor's per-room last sequence) and its effects idempotent.
   */
  apply(event: RecordedEvent): Promise<void>;
}

export interface LaneConsumerOptions {
  nc: NatsConnection;
  pool: Pool;
  namespace?: string;
  logger: Logger;
  /** Durable consumer and checkpoint name. */
  name: string;
  context: string;
  handler: LaneHandler;
  /** Events applied at once (each in its own lane). */
  concurrency: number;
  /** Attempts per event before it is given up (parked as a dead letter). Default 5. */
  maxAttempts?: number;
  retryDelayMs?: number;
  standbyPollMs?: number;
  /** How often the active replica looks for dead letters an operator asked to replay. Default 2 s. */
  replayPollMs?: number;
}

export interface LaneConsumer {
  /** The sequence below which every event is applied (the checkpoint it will write). */
  position(): number;
  stop(): Promise<void>;
}

/**
 * Why not the projection runner: it applies one event at a time inside a transaction, so a slow
 * answer in one room held up every other room (docs/decisions.md). This consumer reads the same
 * stream with one durable pull consumer (one active replica, as the runner), hands each event to
 * its lane (events of one lane in stream order, lanes side by side up to `concurrency`) and acks
 * it once applied. The checkpoint is the watermark below which everything is done: a restart
 * replays from it, and the handler skips what it had applied.
 */
export async function startLaneConsumer(o: LaneConsumerOptions): Promise<LaneConsumer> {
  const consumer = new Consumer(o);
  await consumer.start();
  return consumer;
}

// Longer than any event waits in its lane behind slow answers (8 s each at most); a redelivery
// meanwhile would be harmless (skipped), this only keeps it rare.
const ACK_WAIT_MS = 5 * 60_000;
const MAX_RETRY_DELAY_MS = 5_000;
const decoder = new TextDecoder();

class Consumer implements LaneConsumer {
  private readonly key: ProjectionKey;
  private readonly stream: string;
  private readonly lanes: Lanes;
  private readonly leader: LeaderLock;
  private readonly replays: ReplayWatcher;
  private readonly log: Logger;
  private readonly maxAttempts: number;
  private watermark = new Watermark(0);
  private saved = 0;
  private saving: Promise<void> | undefined;
  private readonly sessions: DurableLoop;
  private messages: ConsumerMessages | undefined;

  constructor(private readonly o: LaneConsumerOptions) {
    this.key = { namespace: o.namespace ?? '', projection: o.name };
    this.stream = streamName(o.context, o.namespace || undefined);
    this.lanes = new Lanes(o.concurrency);
    this.maxAttempts = o.maxAttempts ?? 5;
    this.log = o.logger.child({ consumer: o.name, stream: this.stream });
    this.leader = new LeaderLock(o.pool, `projection:${this.key.namespace}:${this.key.projection}`);
    this.leader.onLost(() => {
      this.log.warn('lost the consumer lock; pausing until it is held again');
      this.messages?.stop();
    });
    this.sessions = new DurableLoop({
      leader: this.leader,
      log: this.log,
      standbyPollMs: o.standbyPollMs ?? 1_000,
      consume: (messages) => this.consume(messages),
      interrupt: () => this.messages?.stop(),
      says: {
        standingBy: 'another replica holds this consumer; standing by',
        sessionFailed: 'consumer session failed; resuming from the checkpoint',
      },
    });
    // A replayed event goes through the handler like any other: a room that has applied later
    // events skips it (its last sequence is past it), so a replay never answers out of turn.
    this.replays = new ReplayWatcher({
      pool: o.pool,
      nc: o.nc,
      key: this.key,
      stream: this.stream,
      log: this.log,
      pollMs: o.replayPollMs ?? 2_000,
      active: () => this.leader.held,
      requested: () => requestedReplays(this.leader, this.key),
      replay: async (id, event) => {
        await o.handler.apply(event);
        await markReplayed(o.pool, id);
        return true;
      },
    });
  }

  position(): number {
    return this.watermark.position;
  }

  async start(): Promise<void> {
    await ensureProjectionSchema(this.o.pool);
    await ensureStream(this.o.nc, this.o.context, this.o.namespace || undefined);
    await registerCheckpoint(this.o.pool, this.key, this.stream);
    const jsm = await this.o.nc.jetstreamManager();
    // The first session opens here, so that a misconfiguration fails the start itself.
    await this.sessions.start(() => this.openSession(jsm));
    this.replays.start();
  }

  async stop(): Promise<void> {
    if (!(await this.sessions.stop())) return;
    await this.replays.stop();
    await this.leader.release();
  }

  /** Positions the durable consumer after the checkpoint and starts pulling. */
  private async openSession(jsm: JetStreamManager): Promise<ConsumerMessages> {
    const position =
      (await readCheckpoint(this.o.pool, this.key))?.position ??
      (await registerCheckpoint(this.o.pool, this.key, this.stream));
    this.watermark = new Watermark(position);
    this.saved = position;
    // Enough unacked messages that a lane held by a slow answer leaves the others flowing.
    const batchSize = Math.max(16, this.o.concurrency * 4);
    const messages = await openOrderedSession({
      nc: this.o.nc,
      jsm,
      durable: {
        stream: this.stream,
        name: this.o.name,
        filterSubject: contextSubjects(this.o.context, this.o.namespace || undefined),
        position,
        maxDeliver: this.maxAttempts * 4,
        batchSize,
        ackWaitMs: ACK_WAIT_MS,
      },
      expires: 30_000,
      opened: (session) => {
        this.messages = session;
      },
      stopping: () => this.sessions.stopping,
    });
    this.log.info({ position, concurrency: this.o.concurrency }, 'consuming');
    return messages;
  }

  private async consume(messages: ConsumerMessages): Promise<void> {
    try {
      // dispatch returns at once: the next message is read while the lanes apply this one.
      await consumeInOrder(messages, {
        log: this.log,
        stopping: () => this.sessions.stopping,
        handle: (m) => this.dispatch(m),
      });
    } finally {
      if (this.messages === messages) this.messages = undefined;
      // The next session starts from the watermark: everything begun here finishes first.
      await this.lanes.idle();
      await this.saveWatermark();
    }
  }

  private dispatch(m: JsMsg): void {
    if (this.watermark.seen(m.seq)) {
      // A redelivery: of something finished (ack it again), or of something in its lane (which acks).
      if (!this.watermark.working(m.seq)) m.ack();
      return;
    }
    let event: RecordedEvent;
    try {
      // Its text made storable: NUL or a lone surrogate must not keep the room's state unsaved.
      event = storableEvent(
        decodeEvent({
          subject: m.subject,
          seq: m.seq,
          data: m.data,
          header: (n) => m.headers?.get(n) || undefined,
        }),
      );
    } catch (e) {
      this.parkAside(m, e);
      return;
    }
    let lane: string | null;
    try {
      lane = this.o.handler.laneOf(event);
    } catch (e) {
      this.parkAside(m, e);
      return;
    }
    if (lane === null) {
      this.skip(m);
      return;
    }
    this.watermark.begin(m.seq);
    const watermark = this.watermark;
    void this.lanes
      .run(lane, () => this.handle(m, event))
      .then((settled) => {
        // Left unsettled (stopping): the watermark stays below it, so the next start replays it.
        if (!settled) return;
        watermark.finish(m.seq);
        void this.saveWatermark();
      });
  }

  private skip(m: JsMsg): void {
    this.watermark.finish(m.seq);
    m.ack();
  }

  /** An event no attempt can apply (unreadable, of an unexpected shape): parked, outside the lanes. */
  private parkAside(m: JsMsg, error: unknown): void {
    this.watermark.begin(m.seq);
    const watermark = this.watermark;
    void this.park(m, error, 1).then(() => {
      watermark.finish(m.seq);
      void this.saveWatermark();
    });
  }

  /**
   * Gives the event up: a dead letter an operator can list and replay (npm run dead-letters),
   * then term() so the server does not redeliver it. Never throws: a letter that cannot be
   * written is logged instead.
   */
  private async park(m: JsMsg, error: unknown, attempts: number): Promise<void> {
    const text = errorText(error);
    try {
      await insertDeadLetter(this.o.pool, this.key, {
        sequence: m.seq,
        subject: m.subject,
        eventType: m.headers?.get(EVENT_TYPE_HEADER) || undefined,
        payload: decoder.decode(m.data),
        error: text,
        attempts,
      });
    } catch (e) {
      this.log.error({ err: e, seq: m.seq }, 'could not park the event as a dead letter');
    }
    m.term();
    this.log.error(
      { seq: m.seq, subject: m.subject, attempts, error: text },
      'event given up; parked as a dead letter',
    );
  }

  /** True once the event is settled: applied, or given up. */
  private async handle(m: JsMsg, event: RecordedEvent): Promise<boolean> {
    for (let attempt = 1; ; attempt++) {
      if (this.sessions.stopping) return false;
      try {
        // Continues the trace of the visitor's message: the answer posted joins it.
        await inEventSpan(
          `react ${this.key.projection}`,
          event.meta,
          { 'parley.event.type': event.type, 'parley.event.sequence': event.sequence },
          () => this.o.handler.apply(event),
        );
        m.ack();
        return true;
      } catch (e) {
        // A database or a service that is away says nothing about the event: it uses up no attempt.
        const transient = isTransientError(e);
        // One that fails the same way every time is given up at once: its lane would wait for nothing.
        if (!transient && (attempt >= this.maxAttempts || isDeterministicError(e))) {
          await this.park(m, e, attempt);
          return true;
        }
        this.log.warn({ err: e, seq: m.seq, type: event.type, attempt }, 'event apply failed; retrying');
        m.working();
        await this.sessions.sleep(applyRetryDelayMs(attempt, this.o.retryDelayMs ?? 200, MAX_RETRY_DELAY_MS));
      }
    }
  }

  /** Writes the watermark when it moved; one write at a time, the last one catching up. */
  private async saveWatermark(): Promise<void> {
    while (this.saving) await this.saving;
    const position = this.watermark.position;
    if (position <= this.saved) return;
    this.saving = advanceCheckpoint(this.o.pool, this.key, position)
      .then(() => {
        this.saved = Math.max(this.saved, position);
      })
      .catch((e: unknown) => this.log.warn({ err: e }, 'checkpoint not saved; a restart replays more'))
      .finally(() => {
        this.saving = undefined;
      });
    await this.saving;
  }
}
