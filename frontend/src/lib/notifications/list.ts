import { isShown, type AppNotification } from '../api/notifications';

/** Newest first, each id once, only the types the app shows. */
export function mergeNotifications(
  current: AppNotification[],
  incoming: AppNotification[],
): AppNotification[] {
  const byId = new Map<string, AppNotification>();
  for (const n of [...incoming, ...current]) if (isShown(n) && !byId.has(n.id)) byId.set(n.id, n);
  return [...byId.values()].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
}

export const unreadCount = (list: AppNotification[]) => list.filter((n) => !n.read).length;

/** Screen 3: the dropdown shows the latest 3, and a link to all when there are more. */
export const DROPDOWN_SIZE = 3;

export const CLEANUP_INTERVAL_MS = 24 * 60 * 60 * 1000;
