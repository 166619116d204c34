/** How long a room that went live is remembered for turns that begin after the news (see begin). */
const REMEMBER_LIVE_MS = 10 * 60_000;

export interface TurnHandle {
  /** Fires when the room goes live while the turn runs (already fired when it had). */
  signal: AbortSignal;
  end(): void;
}

/**
 * The turns being answered, by room, and the rooms that went live meanwhile. The reactor answers
 * a room's messages in the room's lane, so the room's own LiveModeChanged waits in that lane
 * behind the answer it should stop: the news comes by a side channel (live-watch.ts) instead.
 * A room whose live switch was seen just before its turn began (the lane had already read the
 * room's state) starts the turn aborted. Pure bookkeeping, no I/O.
 */
export class TurnInterrupts {
  private readonly running = new Map<string, Set<AbortController>>();
  /** roomId -> when it was seen going live, oldest first; a room switched back off is dropped. */
  private readonly wentLive = new Map<string, number>();

  constructor(private readonly now: () => number = Date.now) {}

  begin(roomId: string): TurnHandle {
    const controller = new AbortController();
    if (this.isLive(roomId)) controller.abort(new TurnInterrupted(roomId));
    const turns = this.running.get(roomId) ?? new Set();
    turns.add(controller);
    this.running.set(roomId, turns);
    return {
      signal: controller.signal,
      end: () => {
        turns.delete(controller);
        if (turns.size === 0 && this.running.get(roomId) === turns) this.running.delete(roomId);
      },
    };
  }

  /** The room's live mode changed; going live aborts every turn running in it. Returns how many. */
  liveChanged(roomId: string, live: boolean): number {
    this.wentLive.delete(roomId);
    if (!live) return 0;
    this.forget();
    this.wentLive.set(roomId, this.now());
    let stopped = 0;
    for (const controller of this.running.get(roomId) ?? []) {
      if (controller.signal.aborted) continue;
      controller.abort(new TurnInterrupted(roomId));
      stopped++;
    }
    return stopped;
  }

  private isLive(roomId: string): boolean {
    const at = this.wentLive.get(roomId);
    return at !== undefined && this.now() - at < REMEMBER_LIVE_MS;
  }

  private forget(): void {
    const cutoff = this.now() - REMEMBER_LIVE_MS;
    for (const [roomId, at] of this.wentLive) {
      if (at >= cutoff) break; // in insertion order: the rest are newer
      this.wentLive.delete(roomId);
    }
  }
}

/** The abort reason: the room went live. */
export class TurnInterrupted extends Error {
  constructor(readonly roomId: string) {
    super(`room ${roomId} went live`);
    this.name = 'TurnInterrupted';
  }
}
