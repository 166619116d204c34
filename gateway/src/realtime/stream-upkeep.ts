/**
 * Which replay streams this replica trims by age and re-expires with the event it records now:
 * each room at most once per period (the first event of the period in that room), instead of
 * with every event. The stream then expires `maxAgeMs + periodMs` after the upkeep, and the
 * period's last event in the room is at most `periodMs` after it, so a stream still lives at least
 * `maxAgeMs` after its last event (as when every event re-expired it), and holds entries at most
 * `periodMs` older than the age bound (XADD's MAXLEN still trims the count with every event).
 * Each replica keeps its own rooms: any replica's upkeep serves the stream, so several only
 * upkeep more often. The set holds the rooms of one period, so it never outgrows the traffic.
 */
export interface StreamUpkeep {
  /** True when `room`'s stream is due: the caller runs the upkeep with this event. */
  due(room: string): boolean;
  /** The upkeep claimed for `room` did not run (Redis failed): the next event takes it. */
  missed(room: string): void;
}

export function streamUpkeep(periodMs: number, now: () => number = Date.now): StreamUpkeep {
  let period = Number.NaN;
  let kept = new Set<string>();
  return {
    due(room) {
      const current = Math.floor(now() / periodMs);
      if (current !== period) {
        period = current;
        kept = new Set();
      }
      if (kept.has(room)) return false;
      kept.add(room);
      return true;
    },
    missed(room) {
      kept.delete(room);
    },
  };
}
