import type { RequestHandler } from 'express';
import { callerOf } from '../auth/caller';
import type { PresenceStore } from '../presence/presence-store';

/** One presence write per member per this long: the 5-minute window needs no finer grain. */
export const PRESENCE_TOUCH_INTERVAL_MS = 30_000;
const MAX_REMEMBERED = 10_000;

/**
 * Any API request of an owner or agent is activity (spec "Team members appear active for 5 minutes
 * after their last activity"). Writes are throttled per user in memory; a failed write only costs
 * a stale "last active", so it is logged by the store's caller and never fails the request.
 */
export function presenceFromRequests(
  presence: PresenceStore,
  onError: (error: unknown) => void,
  now: () => number = Date.now,
): RequestHandler {
  const lastTouch = new Map<string, number>();
  return (_req, res, next) => {
    const principal = callerOf(res).principal;
    if (principal && (principal.role === 'OWNER' || principal.role === 'AGENT')) {
      const at = now();
      const previous = lastTouch.get(principal.userId);
      if (previous === undefined || at - previous >= PRESENCE_TOUCH_INTERVAL_MS) {
        if (lastTouch.size >= MAX_REMEMBERED) lastTouch.clear();
        lastTouch.set(principal.userId, at);
        presence.touch(principal.accountId, principal.userId, at).catch(onError);
      }
    }
    next();
  };
}
