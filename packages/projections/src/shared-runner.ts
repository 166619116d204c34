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
import type { ConsumerMessages, JetStreamManager, JsMsg } from 'nats';
import type { Projection, ProjectionRunner } from './api';
import { claim, park, readCheckpoint, registerCheckpoint, type ProjectionKey } from './checkpoint';
import { deleteDurable, type DurableSpec } from './consumer';
import { errorText, replayInTransaction, requestedReplays } from './dead-letters';
import { isDeterministicError } from './deterministic';
import { DurableLoop } from './durable-loop';
import { GroupQueue } from './group-queue';
import { LeaderLock } from './leader';
import { LeaderGroup } from './leader-group';
import { consumeInOrder, openOrderedSession } from './ordered-session';
import { ReplayWatcher } from './replays';
import { applyRetryDelayMs, attemptsForDelivery } from './retry';
import type { StartProjectionOptions } from './runner';
import { ensureProjectionSchema } from './schema';
import { storableDecoded } from './storable';
import { isTransientError } from './transient';
import { inEventSpan, startEventSpans } from '@parley/tracing';
import { PositionWaiters } from './waiters';

export interface StartSharedProjectionsOptions extends Omit<StartProjectionOptions, 'projection'> {
  /**
   * The shared durable consumer's name, versioned like a projection's. Each member keeps its own
   * checkpoint, dead letters and lock under its own name; the consumer is only how they read.
   */
  consumer: string;
  /** Two or more projections of the same context and aggregate (the same subjects). */
  projections: Projection[];
}

const CONSUMER_NAME = /^[A-Za-z0-9_-]{1,100}$/;
const MAX_RETRY_DELAY_MS = 5_000;
const decoder = new TextDecoder();

/**
 * Runs several projections of one stream over ONE durable consumer: each event is delivered,
 * decoded and acked once for all of them, instead of once per projection. Every member keeps
 * what a runner of its own guarantees: its checkpoint moved in the transaction of its apply,
 * events applied once and in stream order, retries and dead letters of its own (an event parked
 * for one member is applied by the others), replays of its dead letters, and resetProjection of
 * one member (stop the group, reset, start it again) rebuilding that member alone: a session
 * starts after the LOWEST checkpoint, and each member skips what its own checkpoint already has.
 * Members take each group of messages in turn, so one member's retries hold the others up
 * (never fail them) until it applies or parks the event.
 */
export async function startSharedProjections(
  options: StartSharedProjectionsOptions,
): Promise<ProjectionRunner[]> {
  const runner = new SharedRunner(options);
  await runner.start();
  return runner.members.map((m) => m.view);
}

interface Member {
  projection: Projection;
  key: ProjectionKey;
  lock: LeaderLock;
  waiters: PositionWaiters;
  maxGroup: number;
  log: Logger;
  replays: ReplayWatcher;
  view: ProjectionRunner;
  skipping: boolean;
  skipAgain: boolean;
}

/** A message decoded once for every member; `error` when it is not a readable event. */
type Decoded = { event: RecordedEvent; error?: undefined } | { event?: undefined; error: unknown };

class SharedRunner {
  readonly members: Member[];
  private readonly name: string;
  private readonly stream: string;
  private readonly filterSubject: string;
  private readonly maxDeliver: number;
  private readonly batchSize: number;
  private readonly retryDelayMs: number;
  private readonly ackWaitMs: number;
  private readonly synchronousCommit: boolean;
  private readonly log: Logger;
  private readonly leader: LeaderGroup;
  private readonly sessions: DurableLoop;
  private messages: ConsumerMessages | undefined;
  private stopped: Promise<void> | undefined;

  constructor(private readonly o: StartSharedProjectionsOptions) {
    const [first] = o.projections;
    if (!first || o.projections.length < 2)
      throw new RangeError('a shared consumer needs two or more projections');
    if (!CONSUMER_NAME.test(o.consumer ?? ''))
      throw new RangeError(`consumer ${JSON.stringify(o.consumer)} must match ${CONSUMER_NAME}`);
    const names = new Set<string>([o.consumer]);
    for (const p of o.projections) {
      if (!CONSUMER_NAME.test(p.name ?? ''))
        throw new RangeError(`projection name ${JSON.stringify(p.name)} must match ${CONSUMER_NAME}`);
      if (p.context !== first.context || p.aggregate !== first.aggregate)
        throw new RangeError(
          `projection ${p.name} reads other subjects than ${first.name}: they cannot share a consumer`,
        );
      if (names.has(p.name))
        throw new RangeError(`name ${p.name} used twice in the shared consumer ${o.consumer}`);
      names.add(p.name);
    }
    const namespace = o.namespace || undefined;
    this.name = o.consumer;
    this.stream = streamName(first.context, namespace);
    this.filterSubject = first.aggregate
      ? aggregateSubjects(first.context, first.aggregate, namespace)
      : contextSubjects(first.context, namespace);
    this.maxDeliver = positiveInt('maxDeliver', o.maxDeliver ?? 5);
    this.batchSize = positiveInt('batchSize', o.batchSize ?? 256);
    this.retryDelayMs = o.retryDelayMs ?? 200;
    this.ackWaitMs = positiveInt('ackWaitMs', o.ackWaitMs ?? 60_000);
    this.synchronousCommit = o.synchronousCommit ?? false;
    this.log = o.logger.child({ consumer: o.consumer, stream: this.stream });
    const replayPollMs = positiveInt('replayPollMs', o.replayPollMs ?? 2_000);
    this.members = o.projections.map((projection) => this.member(projection, namespace ?? '', replayPollMs));
    this.leader = new LeaderGroup(this.members.map((m) => m.lock));
    this.leader.onLost(() => {
      this.log.warn('lost a projection lock; pausing until every one is held again');
      this.messages?.stop();
    });
    this.sessions = new DurableLoop({
      leader: this.leader,
      log: this.log,
      standbyPollMs: o.standbyPollMs ?? 1000,
      consume: (messages) => this.consume(messages),
      standby: () => this.followCheckpoints(),
      interrupt: () => this.messages?.stop(),
      says: {
        standingBy: 'another runner holds these projections; standing by',
        sessionFailed: 'shared projection session failed; resuming from the checkpoints',
      },
    });
  }

  private member(projection: Projection, namespace: string, replayPollMs: number): Member {
    const key = { namespace, projection: projection.name };
    const lock = new LeaderLock(this.o.pool, `projection:${key.namespace}:${key.projection}`);
    const log = this.log.child({ projection: projection.name });
    const waiters = new PositionWaiters();
    const member: Member = {
      projection,
      key,
      lock,
      waiters,
      log,
      maxGroup: positiveInt('maxEventsPerTransaction', projection.maxEventsPerTransaction ?? 1),
      skipping: false,
      skipAgain: false,
      replays: new ReplayWatcher({
        pool: this.o.pool,
        nc: this.o.nc,
        key,
        stream: this.stream,
        log,
        pollMs: replayPollMs,
        active: () => this.leader.held,
        requested: () => requestedReplays(lock, key),
        replay: (id, event) => replayInTransaction(this.o.pool, key, id, (tx) => projection.apply(tx, event)),
      }),
      view: {
        name: projection.name,
        position: () => waiters.position,
        waitFor: (sequence, timeoutMs = 10_000) => {
          if (this.sessions.stopping)
            return Promise.reject(new Error(`projection ${projection.name} is stopped`));
          const waiting = waiters.waitFor(sequence, timeoutMs, () => `projection ${projection.name}`);
          if (sequence > waiters.position) void this.skipAhead(member);
          return waiting;
        },
        // The members run and stop together: stopping one stops the shared consumer.
        stop: () => this.stop(),
      },
    };
    return member;
  }

  async start(): Promise<void> {
    await ensureProjectionSchema(this.o.pool);
    const jsm = await this.o.nc.jetstreamManager();
    await this.ensureStreamExists(jsm);
    for (const m of this.members) m.waiters.set(await registerCheckpoint(this.o.pool, m.key, this.stream));
    await this.sessions.start(() => this.openSession(jsm));
    for (const m of this.members) m.replays.start();
  }

  stop(): Promise<void> {
    this.stopped ??= (async () => {
      await this.sessions.stop();
      await Promise.all(this.members.map((m) => m.replays.stop()));
      await this.leader.release();
      for (const m of this.members) m.waiters.rejectAll(`projection ${m.projection.name} stopped`);
    })();
    return this.stopped;
  }

  /** Positions the shared consumer after the lowest member checkpoint and starts pulling. */
  private async openSession(jsm: JetStreamManager): Promise<ConsumerMessages> {
    let position = Number.POSITIVE_INFINITY;
    for (const m of this.members) {
      const checkpoint = await readCheckpoint(this.o.pool, m.key);
      const at = checkpoint?.position ?? (await registerCheckpoint(this.o.pool, m.key, this.stream));
      m.waiters.set(at);
      position = Math.min(position, at);
      // A consumer of the member's own, left by a runner of its own before it joined the group,
      // would hold delivery state nobody reads.
      await deleteDurable(jsm, this.stream, m.projection.name);
    }
    const spec: DurableSpec = {
      stream: this.stream,
      name: this.name,
      filterSubject: this.filterSubject,
      position,
      maxDeliver: this.maxDeliver,
      batchSize: this.batchSize,
      ackWaitMs: this.ackWaitMs,
      // Every member handles a group before the next one starts: its last ack settles it.
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
    this.log.info({ position }, 'shared projections consuming');
    return messages;
  }

  private async consume(messages: ConsumerMessages): Promise<void> {
    const queue = new GroupQueue<JsMsg>({
      maxGroup: Math.max(...this.members.map((m) => m.maxGroup)),
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
    if (this.sessions.stopping) return; // left unacked: the next session starts from the checkpoints
    const decoded = new Map<JsMsg, Decoded>();
    const decode = (m: JsMsg): Decoded => {
      let d = decoded.get(m);
      if (!d) {
        try {
          d = { event: decodeMessage(m) };
        } catch (error) {
          d = { error };
        }
        decoded.set(m, d);
      }
      return d;
    };
    for (const member of this.members) {
      const fresh = group.filter((m) => m.seq > member.waiters.position); // the rest it has already
      for (let i = 0; i < fresh.length; i += member.maxGroup) {
        const part = fresh.slice(i, i + member.maxGroup);
        if (await this.applyTogether(member, part, decode)) continue;
        for (const m of part) {
          await this.handle(member, m, decode(m));
          if (this.sessions.stopping) return;
        }
      }
    }
    group[group.length - 1]!.ack(); // the consumer acks all: this settles the whole group for every member
    const last = group[group.length - 1]!;
    if (last.info.pending === 0)
      for (const member of this.members)
        if (member.waiters.highestWaiting() !== undefined) void this.skipAhead(member);
  }

  /** As the runner of one projection's: first deliveries of readable events, one transaction, or false having changed nothing. */
  private async applyTogether(
    member: Member,
    group: JsMsg[],
    decode: (m: JsMsg) => Decoded,
  ): Promise<boolean> {
    if (group.length < 2 || group.some((m) => m.info.deliveryCount > 1)) return false;
    const events: RecordedEvent[] = [];
    for (const m of group) {
      const d = decode(m);
      if (!d.event) return false;
      events.push(d.event);
    }
    const first = group[0]!.seq;
    const last = group[group.length - 1]!.seq;
    const { projection } = member;
    const spans = startEventSpans(`project ${projection.name}`, events, {
      'parley.projection': projection.name,
    });
    const tx = await this.o.pool.connect();
    let broken = false;
    try {
      if (!(await claim(tx, member.key, last, this.synchronousCommit, first))) {
        tx.release();
        spans.end();
        return false;
      }
      if (projection.applyMany) await projection.applyMany(tx, events);
      else for (const event of events) await projection.apply(tx, event);
      await tx.query('COMMIT');
    } catch (e) {
      spans.end(e);
      await tx.query('ROLLBACK').catch(() => (broken = true));
      tx.release(broken);
      if (isTransientError(e)) throw e;
      member.log.debug(
        { err: e, from: first, to: last },
        'group apply failed; applying its events one by one',
      );
      return false;
    }
    spans.end();
    tx.release();
    member.waiters.advance(last);
    return true;
  }

  /** One event for one member, with its retries; acked (for every member) by the group. */
  private async handle(member: Member, m: JsMsg, decoded: Decoded): Promise<void> {
    if (m.seq <= member.waiters.position) return;
    if (!decoded.event) {
      await this.parkMessage(member, m, decoded.error, 1);
      return;
    }
    const event = decoded.event;
    const budget = attemptsForDelivery(this.maxDeliver, m.info.deliveryCount);
    const used = this.maxDeliver - budget;
    let lastError: unknown;
    for (let attempt = 1; attempt <= budget; attempt++) {
      try {
        await this.applyOne(member, m.seq, event);
        member.waiters.advance(m.seq);
        return;
      } catch (e) {
        if (isTransientError(e)) throw e;
        lastError = e;
        member.log.warn(
          { err: e, seq: m.seq, type: event.type, attempt: used + attempt, of: this.maxDeliver },
          'projection apply failed',
        );
        if (isDeterministicError(e)) {
          await this.parkMessage(member, m, e, used + attempt);
          return;
        }
        if (attempt < budget) {
          m.working();
          await this.sessions.sleep(applyRetryDelayMs(attempt, this.retryDelayMs, MAX_RETRY_DELAY_MS));
          if (this.sessions.stopping) return;
        }
      }
    }
    await this.parkMessage(member, m, lastError, used + budget);
  }

  private applyOne(member: Member, sequence: number, event: RecordedEvent): Promise<void> {
    const name = member.projection.name;
    return inEventSpan(
      `project ${name}`,
      event.meta,
      { 'parley.projection': name, 'parley.event.type': event.type, 'parley.event.sequence': sequence },
      async () => {
        const tx = await this.o.pool.connect();
        let broken = false;
        try {
          if (!(await claim(tx, member.key, sequence, this.synchronousCommit))) return;
          await member.projection.apply(tx, event);
          await tx.query('COMMIT');
        } catch (e) {
          await tx.query('ROLLBACK').catch(() => (broken = true));
          throw e;
        } finally {
          tx.release(broken);
        }
      },
    );
  }

  /**
   * Parks the event for this member only: the message is not terminated (the other members may
   * apply it), and the group's ack settles it.
   */
  private async parkMessage(member: Member, m: JsMsg, error: unknown, attempts: number): Promise<void> {
    const text = errorText(error);
    await park(this.o.pool, member.key, {
      sequence: m.seq,
      subject: m.subject,
      eventType: m.headers?.get(EVENT_TYPE_HEADER) || undefined,
      payload: decoder.decode(m.data),
      error: text,
      attempts,
    });
    member.waiters.advance(m.seq);
    member.log.error(
      { seq: m.seq, subject: m.subject, attempts, error: text },
      'event parked as dead letter; projection moves on',
    );
  }

  /** See the one-projection runner's skipAhead: waiters for sequences with nothing of the member's before them. */
  private async skipAhead(member: Member): Promise<void> {
    if (member.skipping) {
      member.skipAgain = true;
      return;
    }
    member.skipping = true;
    try {
      const jsm = await this.o.nc.jetstreamManager();
      do {
        member.skipAgain = false;
        if (member.waiters.highestWaiting() === undefined) break;
        const streamLast = (await jsm.streams.info(this.stream)).state.last_seq;
        const from = member.waiters.position + 1;
        const next = await directGet(
          this.o.nc,
          this.stream,
          { seq: from, next_by_subj: this.filterSubject },
          5000,
        );
        member.waiters.satisfyBelow(Math.min(next ? next.seq : Number.POSITIVE_INFINITY, streamLast + 1));
      } while (member.skipAgain && !this.sessions.stopping);
    } catch (e) {
      member.log.debug({ err: e }, 'could not look ahead for waitFor; waiting for the position instead');
    } finally {
      member.skipping = false;
    }
  }

  private async followCheckpoints(): Promise<void> {
    for (const m of this.members) {
      const checkpoint = await readCheckpoint(this.o.pool, m.key);
      if (checkpoint) m.waiters.advance(checkpoint.position);
    }
  }

  private async ensureStreamExists(jsm: JetStreamManager): Promise<void> {
    try {
      await jsm.streams.info(this.stream);
    } catch (e) {
      if ((e as { api_error?: { err_code?: number } }).api_error?.err_code !== 10059) throw e;
      await ensureStream(this.o.nc, this.o.projections[0]!.context, this.o.namespace || undefined);
    }
  }
}

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
