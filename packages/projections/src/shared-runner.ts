import type { RecordedEvent } from '@parley/eventstore';
import type { Logger } from '@parley/logger';
import type { ConsumerMessages, JetStreamManager, JsMsg } from 'nats';
import type { Projection, ProjectionRunner } from './api';
import { applyWithRetries } from './apply-with-retries';
import { readCheckpoint, registerCheckpoint } from './checkpoint';
import { deleteDurable } from './consumer';
import { replayInTransaction, requestedReplays } from './dead-letters';
import { DurableLoop } from './durable-loop';
import { GroupedSessions } from './grouped-session';
import { LeaderLock } from './leader';
import { LeaderGroup } from './leader-group';
import { decodeMessage, parkMessage } from './projection-message';
import {
  applyEvent,
  applyEventsTogether,
  applyEventsTogetherForAll,
  type ProjectionTarget,
} from './projection-transactions';
import { ReplayWatcher } from './replays';
import type { StartProjectionOptions } from './runner';
import {
  CONSUMER_NAME,
  ensureStreamExists,
  positiveInt,
  projectionSource,
  runnerSettings,
  type RunnerSettings,
} from './runner-settings';
import { ensureProjectionSchema } from './schema';
import { SkipAhead } from './skip-ahead';
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

/**
 * Runs several projections of one stream over ONE durable consumer: each event is delivered,
 * decoded and acked once for all of them, instead of once per projection. Every member keeps
 * what a runner of its own guarantees: its checkpoint moved in the transaction of its apply,
 * events applied once and in stream order, retries and dead letters of its own (an event parked
 * for one member is applied by the others), replays of its dead letters, and resetProjection of
 * one member (stop the group, reset, start it again) rebuilding that member alone: a session
 * starts after the LOWEST checkpoint, and each member skips what its own checkpoint already has.
 * A group new to every member is applied by all of them in one transaction (each still moving
 * its own checkpoint row in it); anything else, or a failure in it, goes member by member in
 * transactions of their own. Members take each group of messages in turn, so one member's
 * retries hold the others up (never fail them) until it applies or parks the event.
 */
export async function startSharedProjections(
  options: StartSharedProjectionsOptions,
): Promise<ProjectionRunner[]> {
  const runner = new SharedRunner(options);
  await runner.start();
  return runner.members.map((m) => m.view);
}

interface Member extends ProjectionTarget {
  waiters: PositionWaiters;
  lock: LeaderLock;
  maxGroup: number;
  replays: ReplayWatcher;
  skipper: SkipAhead;
  view: ProjectionRunner;
}

/** A message decoded once for every member; `error` when it is not a readable event. */
type Decoded = { event: RecordedEvent; error?: undefined } | { event?: undefined; error: unknown };

class SharedRunner {
  readonly members: Member[];
  private readonly name: string;
  private readonly stream: string;
  private readonly filterSubject: string;
  private readonly settings: RunnerSettings;
  private readonly log: Logger;
  private readonly leader: LeaderGroup;
  private readonly sessions: DurableLoop;
  private readonly durable: GroupedSessions;
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
    ({ stream: this.stream, filterSubject: this.filterSubject } = projectionSource(first, namespace));
    this.settings = runnerSettings(o);
    this.log = o.logger.child({ consumer: o.consumer, stream: this.stream });
    const replayPollMs = positiveInt('replayPollMs', o.replayPollMs ?? 2_000);
    this.members = o.projections.map((projection) => this.member(projection, namespace ?? '', replayPollMs));
    this.durable = new GroupedSessions({
      nc: o.nc,
      stream: this.stream,
      name: this.name,
      filterSubject: this.filterSubject,
      settings: this.settings,
      // Each member splits a group into parts of its own maxEventsPerTransaction.
      maxGroup: Math.max(...this.members.map((m) => m.maxGroup)),
      log: this.log,
      stopping: () => this.sessions.stopping,
      handleGroup: (group) => this.handleGroup(group),
    });
    this.leader = new LeaderGroup(this.members.map((m) => m.lock));
    this.leader.onLost(() => {
      this.log.warn('lost a projection lock; pausing until every one is held again');
      this.durable.interrupt();
    });
    this.sessions = new DurableLoop({
      leader: this.leader,
      log: this.log,
      standbyPollMs: this.settings.standbyPollMs,
      consume: (messages) => this.durable.consume(messages),
      standby: () => this.followCheckpoints(),
      interrupt: () => this.durable.interrupt(),
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
    const skipper = new SkipAhead({
      nc: this.o.nc,
      stream: this.stream,
      filterSubject: this.filterSubject,
      waiters,
      log,
      stopping: () => this.sessions.stopping,
    });
    return {
      pool: this.o.pool,
      projection,
      key,
      synchronousCommit: this.settings.synchronousCommit,
      log,
      lock,
      waiters,
      skipper,
      maxGroup: positiveInt('maxEventsPerTransaction', projection.maxEventsPerTransaction ?? 1),
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
          if (sequence > waiters.position) void skipper.run();
          return waiting;
        },
        // The members run and stop together: stopping one stops the shared consumer.
        stop: () => this.stop(),
      },
    };
  }

  async start(): Promise<void> {
    await ensureProjectionSchema(this.o.pool);
    const jsm = await this.o.nc.jetstreamManager();
    await ensureStreamExists(
      this.o.nc,
      jsm,
      this.stream,
      this.o.projections[0]!.context,
      this.o.namespace || undefined,
    );
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
    const messages = await this.durable.open(jsm, position);
    this.log.info({ position }, 'shared projections consuming');
    return messages;
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
    if (!(await this.applyForAll(group, decode)))
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
        if (member.waiters.highestWaiting() !== undefined) void member.skipper.run();
  }

  /**
   * The common case, every member at the same place: the group's first deliveries, readable, new
   * to every member and within each one's maxEventsPerTransaction, applied by all of them in ONE
   * transaction (one begin and claim, one commit, instead of one each). False, having changed
   * nothing, otherwise: then each member goes on its own as before.
   */
  private async applyForAll(group: JsMsg[], decode: (m: JsMsg) => Decoded): Promise<boolean> {
    const first = group[0]!.seq;
    if (this.members.some((m) => m.waiters.position >= first || m.maxGroup < group.length)) return false;
    const events = firstDeliveriesReadable(group, decode);
    if (!events) return false;
    const last = group[group.length - 1]!.seq;
    if (!(await applyEventsTogetherForAll(this.members, events, first, last))) return false;
    for (const member of this.members) member.waiters.advance(last);
    return true;
  }

  /** As the runner of one projection's: first deliveries of readable events, one transaction, or false having changed nothing. */
  private async applyTogether(
    member: Member,
    group: JsMsg[],
    decode: (m: JsMsg) => Decoded,
  ): Promise<boolean> {
    if (group.length < 2) return false;
    const events = firstDeliveriesReadable(group, decode);
    if (!events) return false;
    const last = group[group.length - 1]!.seq;
    if (!(await applyEventsTogether(member, events, group[0]!.seq, last))) return false;
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
    const applied = await applyWithRetries(m, event, {
      maxDeliver: this.settings.maxDeliver,
      retryDelayMs: this.settings.retryDelayMs,
      log: member.log,
      apply: () => applyEvent(member, m.seq, event),
      park: (error, attempts) => this.parkMessage(member, m, error, attempts),
      sleep: (ms) => this.sessions.sleep(ms),
      stopping: () => this.sessions.stopping,
    });
    if (applied) member.waiters.advance(m.seq);
  }

  /**
   * Parks the event for this member only: the message is not terminated (the other members may
   * apply it), and the group's ack settles it.
   */
  private async parkMessage(member: Member, m: JsMsg, error: unknown, attempts: number): Promise<void> {
    await parkMessage(this.o.pool, member.key, member.log, m, error, attempts);
    member.waiters.advance(m.seq);
  }

  private async followCheckpoints(): Promise<void> {
    for (const m of this.members) {
      const checkpoint = await readCheckpoint(this.o.pool, m.key);
      if (checkpoint) m.waiters.advance(checkpoint.position);
    }
  }
}

/** The group's events when every message is a first delivery that decodes; undefined otherwise. */
function firstDeliveriesReadable(group: JsMsg[], decode: (m: JsMsg) => Decoded): RecordedEvent[] | undefined {
  if (group.some((m) => m.info.deliveryCount > 1)) return undefined;
  const events: RecordedEvent[] = [];
  for (const m of group) {
    const d = decode(m);
    if (!d.event) return undefined;
    events.push(d.event);
  }
  return events;
}
