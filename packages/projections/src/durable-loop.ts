import type { Logger } from '@parley/logger';
import type { ConsumerMessages } from 'nats';
import type { LeaderLock } from './leader';

export interface DurableLoopOptions {
  /** One active replica per consumer: the one holding this lock consumes, the others stand by. */
  leader: Pick<LeaderLock, 'tryAcquire' | 'release'>;
  log: Logger;
  /** How often a standby replica tries the lock again. */
  standbyPollMs: number;
  /** Consumes one session until it ends (stopped, lock lost, consumer removed, delivery gap). */
  consume(messages: ConsumerMessages): Promise<void>;
  /** What a standby replica does before each wait (the projection runner follows the checkpoint). */
  standby?(): Promise<void>;
  /** Ends the session in hand, so that stop() does not wait for its next pull. */
  interrupt(): void;
  /** Log lines: another replica holds the lock; a session failed and is resumed after a back-off. */
  says: { standingBy: string; sessionFailed: string };
}

/** Back-off after a failed session: 500 ms doubling to 10 s; a session that ends cleanly resets it. */
const failureDelayMs = (failures: number) => Math.min(10_000, 250 * 2 ** Math.min(failures, 6));
/** The pause between sessions that ended without a stop, so that a persistent cause cannot spin. */
const BETWEEN_SESSIONS_MS = 100;

/**
 * The loop of a durable consumer of the event log, shared by the projection runner and the
 * assistant's lane consumer: while not stopped, hold the leader lock (or stand by), open a session
 * positioned after the checkpoint, consume it, and after a failure resume from the checkpoint with
 * a back-off. What a session does with its messages is the caller's.
 */
export class DurableLoop {
  private stoppingNow = false;
  private running: Promise<void> | undefined;
  private readonly wakers = new Set<() => void>();

  constructor(private readonly o: DurableLoopOptions) {}

  /** True from the moment stop() is called: work in hand winds down without starting more. */
  get stopping(): boolean {
    return this.stoppingNow;
  }

  /**
   * Opens the first session here when the lock is free, so that a misconfiguration fails the
   * start itself (releasing the lock), then runs the loop in the background.
   */
  async start(openSession: () => Promise<ConsumerMessages>): Promise<void> {
    let first: ConsumerMessages | undefined;
    if (await this.o.leader.tryAcquire()) {
      try {
        first = await openSession();
      } catch (e) {
        await this.o.leader.release();
        throw e;
      }
    } else {
      this.o.log.info(this.o.says.standingBy);
    }
    this.running = this.run(openSession, first);
  }

  /**
   * Stops the loop and waits for the session in hand to wind down. Resolves true for the call
   * that stopped it, false (once it has stopped) for any later one.
   */
  async stop(): Promise<boolean> {
    if (this.stoppingNow) {
      await this.running;
      return false;
    }
    this.stoppingNow = true;
    this.o.interrupt();
    for (const wake of this.wakers) wake();
    await this.running;
    return true;
  }

  /** Waits `ms`, or less when stop() is called meanwhile (at once when it already was). */
  sleep(ms: number): Promise<void> {
    if (this.stoppingNow) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wakers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wakers.add(done);
    });
  }

  private async run(
    openSession: () => Promise<ConsumerMessages>,
    first: ConsumerMessages | undefined,
  ): Promise<void> {
    let messages = first;
    let failures = 0;
    while (!this.stoppingNow) {
      try {
        if (!messages) {
          if (!(await this.o.leader.tryAcquire())) {
            await this.o.standby?.();
            await this.sleep(this.o.standbyPollMs);
            continue;
          }
          // Took over while stop() was waiting for this loop: do not open a session for nothing.
          if (this.stoppingNow) break;
          messages = await openSession();
        }
        const session = messages;
        messages = undefined;
        await this.o.consume(session);
        failures = 0;
        if (!this.stoppingNow) await this.sleep(BETWEEN_SESSIONS_MS);
      } catch (e) {
        messages?.stop();
        messages = undefined;
        failures++;
        const delay = failureDelayMs(failures);
        this.o.log.error({ err: e, retryInMs: delay }, this.o.says.sessionFailed);
        await this.sleep(delay);
      }
    }
  }
}
