import type { IdentityClient } from './identity-client';

/**
 * Team members' names for replies and presence, one GetUser per member per `ttlMs`: names change
 * rarely, while replies and presence pings are frequent. A renamed member shows the new name
 * within `ttlMs`; a failed lookup is not remembered. Bounded: the oldest entry goes first.
 */
export function cachedMemberNames(
  identity: Pick<IdentityClient, 'getUser'>,
  options: { ttlMs: number; maxEntries?: number; now?: () => number },
): (userId: string) => Promise<string> {
  const now = options.now ?? Date.now;
  const maxEntries = options.maxEntries ?? 5_000;
  const names = new Map<string, { until: number; name: Promise<string> }>();
  return (userId) => {
    const hit = names.get(userId);
    if (hit && hit.until > now()) return hit.name;
    names.delete(userId);
    if (names.size >= maxEntries) names.delete(names.keys().next().value as string);
    const name = identity.getUser({ userId }).then((user) => user.fullname);
    names.set(userId, { until: now() + options.ttlMs, name });
    name.catch(() => {
      if (names.get(userId)?.name === name) names.delete(userId);
    });
    return name;
  };
}
