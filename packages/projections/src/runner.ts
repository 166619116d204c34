import {
  aggregateSubjects,
  contextSubjects,
  decodeEvent,
  directGet,
  EVENT_TYPE_HEADER,
  ensureStream,
  streamName,
  type RecordedEvent,
} from '@parley/eventstore';
import type { Logger } from '@parley/logger';
import type { ConsumerMessages, JetStreamManager, JsMsg, NatsConnection } from 'nats';
import type { Pool } from 'pg';
import type { Projection, ProjectionRunner } from './api';
import { claim, park, readCheckpoint, registerCheckpoint, type ProjectionKey } from './checkpoint';
import type { DurableSpec } from './consumer';
import { errorText, replayInTransaction, requestedReplays } from './dead-letters';
import { isDeterministicError } from './deterministic';
import { GroupQueue } from './group-queue';
import { LeaderLock } from './leader';
import { DurableLoop } from './durable-loop';
import { consumeInOrder, openOrderedSession } from './ordered-session';
import { inEventSpan, startEventSpans } from '@parley/tracing';
import { applyRetryDelayMs, attemptsForDelivery } from './retry';
import { ReplayWatcher } from './replays';
import { ensureProjectionSchema } from './schema';
import { storableDecoded } from './storable';
import { isTransientError } from './transient';
import { PositionWaiters } from './waiters';

export interface StartProjectionOptions {
  nc: NatsConnection;
  pool: Pool;
  projection: Projection;
  namespace?: string;
  logger: Logger;
  /**
   * Attempts to apply one message before it is parked as a dead letter. Default 5. Only errors
   * that may pass get them: a deterministic one (isDeterministicError) parks the message at once.
   */
  maxDeliver?: number;
  /** Messages pulled per request. Default 256. */
  batchSize?: number;
  /** Delay before the first in-place retry of a failing message; doubles, capped at 5 s. Default 200 ms. */
  retryDelayMs?: number;
  /** How often a standby runner (another replica is active) checks the checkpoint and the lock. Default 1 s. */
  standbyPollMs?: number;
  /** How long the server waits for an ack before redelivering. Default 60 s; longer than any apply should take. */
  ackWaitMs?: number;
  /** How often the active runner looks for dead letters an operator asked to replay. Default 2 s. */
  replayPollMs?: number;
  /**
   * Wait for each transaction's WAL flush before acking. Default false: a read model is derived
   * from the log, and after a PostgreSQL crash the runner resumes from the checkpoint that
   * survived, replaying whatever the crash lost (see docs/eventstore.md). Set true for
   * projections whose apply has effects outside the database that must not repeat.
   */
  synchronousCommit?: boolean;
}

const CONSUMER_NAME = /^[A-Za-z0-9_-]{1,100}$/;
const MAX_RETRY_DELAY_MS = 5_000;
const decoder = new TextDecoder();

/**
 * Runs a projection: one durable pull consumer, messages applied strictly in stream order, each
 * in one PostgreSQL transaction with its checkpoint, acked after commit. Resolves once the runner
 * is consuming (or standing by behind another replica that is).
 */
export async function startProjection(options: StartProjectionOptions): Promise<ProjectionRunner> {
  const runner = new Runner(options);
  await runner.start();
  return runner;
}

class Runner implements ProjectionRunner {
  readonly name: string;
  private readonly key: ProjectionKey;
  private readonly stream: string;
  private readonly filterSubject: string;
  private readonly maxDeliver: number;
  private readonly batchSize: number;
  private readonly retryDelayMs: number;
  private readonly standbyPollMs: number;
  private readonly ackWaitMs: number;
  private readonly synchronousCommit: boolean;
  private readonly maxGroup: number;
  private readonly log: Logger;
  private readonly waiters = new PositionWaiters();
  private readonly leader: LeaderLock;
  private readonly replays: ReplayWatcher;
  private readonly sessions: DurableLoop;
  private messages: ConsumerMessages | undefined;
  private skipping = false;
  private skipAgain = false;

  constructor(private readonly o: StartProjectionOptions) {
    const { projection } = o;
    if (!CONSUMER_NAME.test(projection.name ?? '')) {
      throw new RangeError(`projection name ${JSON.stringify(projection.name)} must match ${CONSUMER_NAME}`);
    }
    this.name = projection.name;
    const namespace = o.namespace || undefined;
    this.key = { namespace: namespace ?? '', projection: projection.name };
    this.stream = streamName(projection.context, namespace);
    this.filterSubject = projection.aggregate
      ? aggregateSubjects(projection.context, projection.aggregate, namespace)
      : contextSubjects(projection.context, namespace);
    this.maxDeliver = positiveInt('maxDeliver', o.maxDeliver ?? 5);
    this.batchSize = positiveInt('batchSize', o.batchSize ?? 256);
    this.retryDelayMs = o.retryDelayMs ?? 200;
    this.standbyPollMs = o.standbyPollMs ?? 1000;
    this.ackWaitMs = positiveInt('ackWaitMs', o.ackWaitMs ?? 60_000);
    this.synchronousCommit = o.synchronousCommit ?? false;
    this.maxGroup = positiveInt('maxEventsPerTransaction', projection.maxEventsPerTransaction ?? 1);
    this.log = o.logger.child({ projection: projection.name, stream: this.stream });
    this.leader = new LeaderLock(o.pool, `projection:${this.key.namespace}:${this.key.projection}`);
    this.leader.onLost(() => {
      this.log.warn('lost the projection lock; pausing until it is held again');
      this.messages?.stop();
    });
    this.sessions = new DurableLoop({
      leader: this.leader,
      log: this.log,
      standbyPollMs: this.standbyPollMs,
      consume: (messages) => this.consume(messages),
      standby: () => this.followCheckpoint(),
      interrupt: () => this.messages?.stop(),
      says: {
        standingBy: 'another runner holds this projection; standing by',
        sessionFailed: 'projection session failed; resuming from the checkpoint',
      },
    });
    this.replays = new ReplayWatcher({
      pool: o.pool,
      nc: o.nc,
      key: this.key,
      stream: this.stream,
      log: this.log,
      pollMs: positiveInt('replayPollMs', o.replayPollMs ?? 2_000),
      active: () => this.leader.held,
      requested: () => requestedReplays(this.leader, this.key),
      replay: (id, event) => replayInTransaction(o.pool, this.key, id, (tx) => projection.apply(tx, event)),
    });
  }

  position(): number {
    return this.waiters.position;
  }

  /**
   * Resolves once every event up to `sequence` that this projection consumes is applied. The
   * sequence may belong to an event outside the projection's filter (another aggregate, or the
   * stream's tail): what counts is that nothing the projection consumes is left before it.
   */
  waitFor(sequence: number, timeoutMs = 10_000): Promise<void> {
    if (this.sessions.stopping) return Promise.reject(new Error(`projection ${this.name} is stopped`));
    const waiting = this.waiters.waitFor(sequence, timeoutMs, () => `projection ${this.name}`);
    if (sequence > this.waiters.position) void this.skipAhead();
    return waiting;
  }

  async start(): Promise<void> {
    await ensureProjectionSchema(this.o.pool);
    const jsm = await this.o.nc.jetstreamManager();
    await this.ensureStreamExists(jsm);
    this.waiters.set(await registerCheckpoint(this.o.pool, this.key, this.stream));
    // The first session opens here, so that a misconfiguration fails startProjection itself.
    await this.sessions.start(() => this.openSession(jsm));
    this.replays.start();
  }

  async stop(): Promise<void> {
    if (!(await this.sessions.stop())) return;
    await this.replays.stop();
    await this.leader.release();
    this.waiters.rejectAll(`projection ${this.name} stopped`);
  }

  /** Positions the durable consumer after the checkpoint and starts pulling. */
  private async openSession(jsm: JetStreamManager): Promise<ConsumerMessages> {
    const checkpoint = await readCheckpoint(this.o.pool, this.key);
    const position = checkpoint?.position ?? (await registerCheckpoint(this.o.pool, this.key, this.stream));
    this.waiters.set(position);
    const spec: DurableSpec = {
      stream: this.stream,
      name: this.name,
      filterSubject: this.filterSubject,
      position,
      maxDeliver: this.maxDeliver,
      batchSize: this.batchSize,
      ackWaitMs: this.ackWaitMs,
      // Messages are handled one group after another in delivery order (a gap starts over from
      // the checkpoint), so a group's last ack settles the group: one ack per transaction.
      ackAll: true,
    };
    const messages = await openOrderedSession({
      nc: this.o.nc,
      jsm,
      durable: spec,
      expires: 5_000,
      opened: (session) => {
        this.messages = session;
      },
      stopping: () => this.sessions.stopping,
    });
    this.log.info({ position }, 'projection consuming');
    return messages;
  }

  private async consume(messages: ConsumerMessages): Promise<void> {
    // Messages wait here while the previous transaction runs, and go together in the next one
    // (one at a time when the projection applies one event per transaction).
    const queue = new GroupQueue<JsMsg>({
      maxGroup: this.maxGroup,
      maxWaiting: this.batchSize,
      apply: (group) => this.handleGroup(group),
      failed: () => messages.stop(),
    });
    try {
      await consumeInOrder(messages, {
        log: this.log,
        stopping: () => this.sessions.stopping,
        handle: (m) => queue.add(m),
      });
      await queue.settled();
    } finally {
      if (this.messages === messages) this.messages = undefined;
    }
  }

  private async handleGroup(group: JsMsg[]): Promise<void> {
    if (this.sessions.stopping) return; // left unacked: the next runner starts from the checkpoint
    const fresh: JsMsg[] = [];
    for (const m of group) {
      if (m.seq <= this.waiters.position)
        m.ack(); // redelivery of something already committed
      else fresh.push(m);
    }
    if (!(await this.applyTogether(fresh))) {
      for (const m of fresh) {
        await this.handle(m);
        if (this.sessions.stopping) return;
      }
    }
    // Caught up with the stream as delivered: waiters for later, unrelated sequences may be done.
    const last = group[group.length - 1];
    if (last && last.info.pending === 0 && this.waiters.highestWaiting() !== undefined) void this.skipAhead();
  }

  /**
   * Applies several first deliveries of readable events in one transaction with one checkpoint
   * move. Returns false, having changed nothing, for anything else (one message, a redelivery,
   * an unreadable message, an apply that throws): those go one by one, each with its retries.
   */
  private async applyTogether(group: JsMsg[]): Promise<boolean> {
    if (group.length < 2 || group.some((m) => m.info.deliveryCount > 1)) return false;
    const events: RecordedEvent[] = [];
    for (const m of group) {
      try {
        events.push(decodeMessage(m));
      } catch {
        return false;
      }
    }
    const first = group[0]!.seq;
    const last = group[group.length - 1]!.seq;
    const spans = startEventSpans(`project ${this.name}`, events, { 'parley.projection': this.name });
    const tx = await this.o.pool.connect();
    let broken = false;
    try {
      if (!(await claim(tx, this.key, last, this.synchronousCommit, first))) {
        tx.release();
        spans.end();
        return false;
      }
      const { projection } = this.o;
      if (projection.applyMany) await projection.applyMany(tx, events);
      else for (const event of events) await projection.apply(tx, event);
      await tx.query('COMMIT');
    } catch (e) {
      spans.end(e);
      await tx.query('ROLLBACK').catch(() => (broken = true));
      tx.release(broken);
      if (isTransientError(e)) throw e; // not the events' fault: resume later from the checkpoint
      this.log.debug({ err: e, from: first, to: last }, 'group apply failed; applying its events one by one');
      return false;
    }
    spans.end();
    tx.release();
    this.waiters.advance(last);
    group[group.length - 1]!.ack(); // the consumer acks all: this settles the whole group
    return true;
  }

  private async handle(m: JsMsg): Promise<void> {
    if (m.seq <= this.waiters.position) {
      m.ack(); // redelivery of something already committed
      return;
    }
    let event: RecordedEvent;
    try {
      event = decodeMessage(m);
    } catch (e) {
      await this.parkMessage(m, e, 1); // retrying cannot make it readable
      return;
    }
    const budget = attemptsForDelivery(this.maxDeliver, m.info.deliveryCount);
    const used = this.maxDeliver - budget;
    let lastError: unknown;
    for (let attempt = 1; attempt <= budget; attempt++) {
      try {
        await this.applyOne(m.seq, event);
        this.waiters.advance(m.seq);
        m.ack();
        return;
      } catch (e) {
        if (isTransientError(e)) throw e; // not the event's fault: resume later from the checkpoint
        lastError = e;
        this.log.warn(
          { err: e, seq: m.seq, type: event.type, attempt: used + attempt, of: this.maxDeliver },
          'projection apply failed',
        );
        // Fails the same way every time: retrying would only hold up every tenant's events.
        if (isDeterministicError(e)) {
          await this.parkMessage(m, e, used + attempt);
          return;
        }
        if (attempt < budget) {
          m.working(); // keep the server from redelivering it while we retry in place
          await this.sessions.sleep(applyRetryDelayMs(attempt, this.retryDelayMs, MAX_RETRY_DELAY_MS));
          if (this.sessions.stopping) return; // left unacked: the next runner starts from the checkpoint
        }
      }
    }
    await this.parkMessage(m, lastError, used + budget);
  }

  /**
   * Finds the next event this projection consumes after its position (one direct get): waiters
   * for sequences before it have nothing left to wait for. Only sequences that already exist
   * count (read first, from the stream's state): stream sequences only grow, so no event can
   * appear below one that exists.
   */
  private async skipAhead(): Promise<void> {
    if (this.skipping) {
      this.skipAgain = true;
      return;
    }
    this.skipping = true;
    try {
      const jsm = await this.o.nc.jetstreamManager();
      do {
        this.skipAgain = false;
        if (this.waiters.highestWaiting() === undefined) break;
        const streamLast = (await jsm.streams.info(this.stream)).state.last_seq;
        const from = this.waiters.position + 1;
        const next = await directGet(
          this.o.nc,
          this.stream,
          { seq: from, next_by_subj: this.filterSubject },
          5000,
        );
        this.waiters.satisfyBelow(Math.min(next ? next.seq : Number.POSITIVE_INFINITY, streamLast + 1));
      } while (this.skipAgain && !this.sessions.stopping);
    } catch (e) {
      this.log.debug({ err: e }, 'could not look ahead for waitFor; waiting for the position instead');
    } finally {
      this.skipping = false;
    }
  }

  private applyOne(sequence: number, event: RecordedEvent): Promise<void> {
    // Continues the trace that appended the event; what the projection appends in turn joins it.
    return inEventSpan(
      `project ${this.name}`,
      event.meta,
      { 'parley.projection': this.name, 'parley.event.type': event.type, 'parley.event.sequence': sequence },
      () => this.applyInTransaction(sequence, event),
    );
  }

  private async applyInTransaction(sequence: number, event: RecordedEvent): Promise<void> {
    const tx = await this.o.pool.connect();
    let broken = false;
    try {
      if (!(await claim(tx, this.key, sequence, this.synchronousCommit))) return; // applied before (by us or a previous runner)
      await this.o.projection.apply(tx, event);
      await tx.query('COMMIT');
    } catch (e) {
      await tx.query('ROLLBACK').catch(() => (broken = true));
      throw e;
    } finally {
      tx.release(broken);
    }
  }

  private async parkMessage(m: JsMsg, error: unknown, attempts: number): Promise<void> {
    const text = errorText(error);
    await park(this.o.pool, this.key, {
      sequence: m.seq,
      subject: m.subject,
      eventType: m.headers?.get(EVENT_TYPE_HEADER) || undefined,
      payload: decoder.decode(m.data),
      error: text,
      attempts,
    });
    this.waiters.advance(m.seq);
    m.term();
    this.log.error(
      { seq: m.seq, subject: m.subject, attempts, error: text },
      'event parked as dead letter; projection moves on',
    );
  }

  /** Standby: keep position() and waitFor() truthful from the active runner's checkpoint. */
  private async followCheckpoint(): Promise<void> {
    const checkpoint = await readCheckpoint(this.o.pool, this.key);
    if (checkpoint) this.waiters.advance(checkpoint.position);
  }

  private async ensureStreamExists(jsm: JetStreamManager): Promise<void> {
    try {
      await jsm.streams.info(this.stream);
    } catch (e) {
      if ((e as { api_error?: { err_code?: number } }).api_error?.err_code !== 10059) throw e;
      // The producing context has not started yet; its stream has fixed settings, so create it.
      await ensureStream(this.o.nc, this.o.projection.context, this.o.namespace || undefined);
    }
  }
}

/** The message as the projection gets it: decoded, its content made storable. */
function decodeMessage(m: JsMsg): RecordedEvent {
  return storableDecoded(
    decodeEvent({
      subject: m.subject,
      seq: m.seq,
      data: m.data,
      header: (n) => m.headers?.get(n) || undefined,
    }),
    m.data,
  );
}

function positiveInt(what: string, n: number): number {
  if (!Number.isInteger(n) || n < 1) throw new RangeError(`${what} must be a positive integer, got ${n}`);
  return n;
}
