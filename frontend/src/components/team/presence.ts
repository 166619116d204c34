import { PRESENCE_ACTIVE_MS } from '@parley/contracts';

export type PresenceState = { kind: 'active' } | { kind: 'last-active'; text: string } | { kind: 'offline' };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** 'just now', '7 minutes ago', '3 hours ago', '2 days ago' */
export function agoText(ms: number): string {
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'} ago`;
  if (ms < MINUTE) return 'just now';
  if (ms < HOUR) return plural(Math.floor(ms / MINUTE), 'minute');
  if (ms < DAY) return plural(Math.floor(ms / HOUR), 'hour');
  return plural(Math.floor(ms / DAY), 'day');
}

/**
 * Spec: team members appear active for 5 minutes after their last activity. Within that window
 * 'Active now'; after it 'Last active …' while the time is known; 'Offline' without one.
 */
export function presenceOf(lastActive: string | null, now: number): PresenceState {
  const at = lastActive ? Date.parse(lastActive) : Number.NaN;
  if (Number.isNaN(at)) return { kind: 'offline' };
  const since = Math.max(0, now - at);
  if (since < PRESENCE_ACTIVE_MS) return { kind: 'active' };
  return { kind: 'last-active', text: `Last active ${agoText(since)}` };
}

/** Whether an invitation's link has run out (the owner may send it again). */
export function inviteExpired(expiresAt: string | null | undefined, now: number): boolean {
  const at = expiresAt ? Date.parse(expiresAt) : Number.NaN;
  return !Number.isNaN(at) && at <= now;
}
