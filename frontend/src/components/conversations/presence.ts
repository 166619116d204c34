import { PRESENCE_ACTIVE_MS } from '@parley/contracts';

/**
 * Team presence in a room (spec: team members appear active for 5 minutes after their last
 * activity). Kept as member id -> { name, lastActive epoch ms }; filled from GET .../presence and
 * from `team-member-active` events.
 */
export type PresenceMap = Record<string, { name: string; lastActive: number }>;

export function toEpoch(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return value;
  const parsed = Date.parse(value);
  return Number.isNaN(parsed) ? null : parsed;
}

/** Records activity; an older timestamp than the one held does not move it back. */
export function recordActivity(map: PresenceMap, id: string, name: string, at: number): PresenceMap {
  const held = map[id];
  if (held && held.lastActive >= at && held.name === name) return map;
  return { ...map, [id]: { name, lastActive: Math.max(at, held?.lastActive ?? 0) } };
}

export interface ActiveMember {
  id: string;
  name: string;
  lastActive: number;
}

/** The members active within the last 5 minutes at `now`, most recent first. */
export function activeMembers(map: PresenceMap, now: number): ActiveMember[] {
  return Object.entries(map)
    .filter(([, p]) => now - p.lastActive < PRESENCE_ACTIVE_MS)
    .map(([id, p]) => ({ id, ...p }))
    .sort((a, b) => b.lastActive - a.lastActive);
}
