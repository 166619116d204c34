import { decodeEvent, exactGet, type RecordedEvent } from '@parley/eventstore';
import type { Logger } from '@parley/logger';
import type { NatsConnection } from 'nats';
import type { Pool } from 'pg';
import type { ProjectionKey } from './projection-key';
import { errorText, recordReplayFailure, type ReplayRequest } from './dead-letters';
import { storableDecoded } from './storable';
import { isTransientError } from './transient';

export interface ReplayWatcherOptions {
  pool: Pool;
  nc: NatsConnection;
  key: ProjectionKey;
  /** The stream the projection reads: where the parked events are read again from. */
  stream: string;
  log: Logger;
  /** How often the replica that applies the projection looks for replays an operator asked for. */
  pollMs: number;
  /** Only the replica applying the projection's events replays its dead letters. */
  active(): boolean;
  /** The replays asked for (requestedReplays, on a connection the active replica holds anyway). */
  requested(): Promise<ReplayRequest[]>;
  /**
   * Applies the event of dead letter `id` and marks the letter replayed; false when the letter
   * was no longer waiting. Throws what the apply threw.
   */
  replay(id: number, event: RecordedEvent): Promise<boolean>;
}

const FETCH_TIMEOUT_MS = 5_000;

/**
 * Replays of parked events (npm run dead-letters -- replay): the operator marks a dead letter,
 * and the active runner reads its event again from the stream and applies it. A replay that fails
 * again leaves the letter parked with the new error; one that cannot run now (the database or
 * NATS is away) stays asked for and is tried again on the next round.
 */
export class ReplayWatcher {
  private stopping = false;
  private loop: Promise<void> | undefined;
  private wake: (() => void) | undefined;

  constructor(private readonly o: ReplayWatcherOptions) {}

  start(): void {
    this.loop ??= this.run();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.wake?.();
    await this.loop;
  }

  private async run(): Promise<void> {
    while (!this.stopping) {
      if (this.o.active()) {
        try {
          await this.replayRequested();
        } catch (e) {
          this.o.log.warn({ err: e }, 'could not look for dead letters to replay; trying again');
        }
      }
      await this.sleep(this.o.pollMs);
    }
  }

  private async replayRequested(): Promise<void> {
    for (const request of await this.o.requested()) {
      if (this.stopping || !this.o.active()) return;
      const stored = await exactGet(this.o.nc, this.o.stream, { seq: request.sequence }, FETCH_TIMEOUT_MS);
      let event: RecordedEvent;
      try {
        if (!stored) throw new Error(`event ${request.sequence} is no longer in ${this.o.stream}`);
        event = storableDecoded(decodeEvent(stored), stored.data);
      } catch (e) {
        await this.failed(request.id, request.sequence, e);
        continue;
      }
      try {
        if (await this.o.replay(request.id, event))
          this.o.log.info(
            { deadLetter: request.id, seq: request.sequence, type: event.type },
            'dead letter replayed: its event is applied',
          );
      } catch (e) {
        if (isTransientError(e)) throw e; // not the event's fault: still asked for, next round
        await this.failed(request.id, request.sequence, e);
      }
    }
  }

  private async failed(id: number, seq: number, error: unknown): Promise<void> {
    await recordReplayFailure(this.o.pool, id, errorText(error));
    this.o.log.error(
      { deadLetter: id, seq, error: errorText(error) },
      'dead letter replay failed; it stays parked',
    );
  }

  private sleep(ms: number): Promise<void> {
    if (this.stopping) return Promise.resolve();
    return new Promise((resolve) => {
      const t = setTimeout(done, ms);
      function done() {
        clearTimeout(t);
        resolve();
      }
      this.wake = done;
    });
  }
}
