import { exactGet } from '@parley/eventstore';
import type { Logger } from '@parley/logger';
import type { NatsConnection } from 'nats';
import type { PositionWaiters } from './waiters';

export interface SkipAheadOptions {
  nc: NatsConnection;
  stream: string;
  filterSubject: string;
  waiters: PositionWaiters;
  log: Logger;
  stopping: () => boolean;
}

/**
 * Finds the next event a projection consumes after its position (one direct get, or two): waiters for
 * sequences before it have nothing left to wait for. Only sequences that already exist count
 * (read first, from the stream's state): stream sequences only grow, so no event can appear
 * below one that exists. One look at a time; a call during one makes it look again.
 */
export class SkipAhead {
  private skipping = false;
  private skipAgain = false;

  constructor(private readonly o: SkipAheadOptions) {}

  async run(): Promise<void> {
    const { o } = this;
    if (this.skipping) {
      this.skipAgain = true;
      return;
    }
    this.skipping = true;
    try {
      const jsm = await o.nc.jetstreamManager();
      do {
        this.skipAgain = false;
        if (o.waiters.highestWaiting() === undefined) break;
        const streamLast = (await jsm.streams.info(o.stream)).state.last_seq;
        const from = o.waiters.position + 1;
        // Exact, not any replica's: a lagging one's miss would satisfy waiters for an event the
        // projection has not applied yet.
        const next = await exactGet(o.nc, o.stream, { seq: from, next_by_subj: o.filterSubject }, 5000);
        o.waiters.satisfyBelow(Math.min(next ? next.seq : Number.POSITIVE_INFINITY, streamLast + 1));
      } while (this.skipAgain && !o.stopping());
    } catch (e) {
      o.log.debug({ err: e }, 'could not look ahead for waitFor; waiting for the position instead');
    } finally {
      this.skipping = false;
    }
  }
}
