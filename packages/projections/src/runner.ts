import type { RecordedEvent } from '@parley/eventstore';
import type { Logger } from '@parley/logger';
import type { ConsumerMessages, JetStreamManager, JsMsg, NatsConnection } from 'nats';
import type { Pool } from 'pg';
import type { Projection, ProjectionRunner } from './api';
import { applyWithRetries } from './apply-with-retries';
import { readCheckpoint, registerCheckpoint, type ProjectionKey } from './checkpoint';
import { replayInTransaction, requestedReplays } from './dead-letters';
import { DurableLoop } from './durable-loop';
import { GroupedSessions } from './grouped-session';
import { LeaderLock } from './leader';
import { decodeMessage, parkMessage } from './projection-message';
import { applyEvent, applyEventsTogether, type ProjectionTarget } from './projection-transactions';
import { ReplayWatcher } from './replays';
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
  /**
   * Under a steady stream, how long a group of several events (maxEventsPerTransaction above 1)
   * waits for more before its transaction; nothing waits at rest. Default 5 ms.
   */
  groupLingerMs?: number;
}

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
  private readonly settings: RunnerSettings;
  private readonly maxGroup: number;
  private readonly target: ProjectionTarget;
  private readonly log: Logger;
  private readonly waiters = new PositionWaiters();
  private readonly leader: LeaderLock;
  private readonly replays: ReplayWatcher;
  private readonly sessions: DurableLoop;
  private readonly skipper: SkipAhead;
  private readonly durable: GroupedSessions;

  constructor(private readonly o: StartProjectionOptions) {
    const { projection } = o;
    if (!CONSUMER_NAME.test(projection.name ?? '')) {
      throw new RangeError(`projection name ${JSON.stringify(projection.name)} must match ${CONSUMER_NAME}`);
    }
    this.name = projection.name;
    const namespace = o.namespace || undefined;
    this.key = { namespace: namespace ?? '', projection: projection.name };
    ({ stream: this.stream, filterSubject: this.filterSubject } = projectionSource(projection, namespace));
    this.settings = runnerSettings(o);
    this.maxGroup = positiveInt('maxEventsPerTransaction', projection.maxEventsPerTransaction ?? 1);
    this.log = o.logger.child({ projection: projection.name, stream: this.stream });
    this.target = {
      pool: o.pool,
      key: this.key,
      projection,
      synchronousCommit: this.settings.synchronousCommit,
      log: this.log,
    };
    this.durable = new GroupedSessions({
      nc: o.nc,
      stream: this.stream,
      name: this.name,
      filterSubject: this.filterSubject,
      settings: this.settings,
      maxGroup: this.maxGroup,
      log: this.log,
      stopping: () => this.sessions.stopping,
      handleGroup: (group) => this.handleGroup(group),
    });
    this.leader = new LeaderLock(o.pool, `projection:${this.key.namespace}:${this.key.projection}`);
    this.leader.onLost(() => {
      this.log.warn('lost the projection lock; pausing until it is held again');
      this.durable.interrupt();
    });
    this.sessions = new DurableLoop({
      leader: this.leader,
      log: this.log,
      standbyPollMs: this.settings.standbyPollMs,
      consume: (messages) => this.durable.consume(messages),
      standby: () => this.followCheckpoint(),
      interrupt: () => this.durable.interrupt(),
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
    this.skipper = new SkipAhead({
      nc: o.nc,
      stream: this.stream,
      filterSubject: this.filterSubject,
      waiters: this.waiters,
      log: this.log,
      stopping: () => this.sessions.stopping,
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
    if (sequence > this.waiters.position) void this.skipper.run();
    return waiting;
  }

  async start(): Promise<void> {
    await ensureProjectionSchema(this.o.pool);
    const jsm = await this.o.nc.jetstreamManager();
    await ensureStreamExists(
      this.o.nc,
      jsm,
      this.stream,
      this.o.projection.context,
      this.o.namespace || undefined,
    );
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
    const messages = await this.durable.open(jsm, position);
    this.log.info({ position }, 'projection consuming');
    return messages;
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
    if (last && last.info.pending === 0 && this.waiters.highestWaiting() !== undefined)
      void this.skipper.run();
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
    const last = group[group.length - 1]!.seq;
    if (!(await applyEventsTogether(this.target, events, group[0]!.seq, last))) return false;
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
    const applied = await applyWithRetries(m, event, {
      maxDeliver: this.settings.maxDeliver,
      retryDelayMs: this.settings.retryDelayMs,
      log: this.log,
      apply: () => applyEvent(this.target, m.seq, event),
      park: (error, attempts) => this.parkMessage(m, error, attempts),
      sleep: (ms) => this.sessions.sleep(ms),
      stopping: () => this.sessions.stopping,
    });
    if (!applied) return;
    this.waiters.advance(m.seq);
    m.ack();
  }

  private async parkMessage(m: JsMsg, error: unknown, attempts: number): Promise<void> {
    await parkMessage(this.o.pool, this.key, this.log, m, error, attempts);
    this.waiters.advance(m.seq);
    m.term();
  }

  /** Standby: keep position() and waitFor() truthful from the active runner's checkpoint. */
  private async followCheckpoint(): Promise<void> {
    const checkpoint = await readCheckpoint(this.o.pool, this.key);
    if (checkpoint) this.waiters.advance(checkpoint.position);
  }
}
