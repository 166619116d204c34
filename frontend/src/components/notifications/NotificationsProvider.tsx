'use client';

import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { NOTIFICATION_SOCKET_EVENT } from '@parley/contracts';
import { errorSentence } from '@/lib/api/errors';
import {
  cleanupNotifications,
  fetchNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  notificationSchema,
  type AppNotification,
} from '@/lib/api/notifications';
import { CLEANUP_INTERVAL_MS, mergeNotifications, unreadCount } from '@/lib/notifications/list';
import { useRealtimeClient } from '@/lib/realtime/useRealtime';

interface NotificationsValue {
  list: AppNotification[];
  unread: number;
  status: 'loading' | 'ready' | 'failed';
  error?: string;
  reload(): void;
  markRead(id: string): Promise<void>;
  markAllRead(): Promise<void>;
  /** A deleted domain's notifications are gone on the server too; its wizard can no longer open. */
  forgetDomain(domainId: string): void;
}

const NotificationsContext = createContext<NotificationsValue | null>(null);

export function useNotifications(): NotificationsValue {
  const value = useContext(NotificationsContext);
  if (!value) throw new Error('useNotifications must be used inside <NotificationsProvider>');
  return value;
}

/**
 * The signed-in user's notifications: loaded once, cleaned up on load and every 24 hours
 * (DELETE /api/notifications/cleanup), and kept live by the gateway's `notification` event on the
 * dashboard's one socket (RealtimeProvider, which renews the session when the gateway refuses or
 * drops it for an expired access token). On every (re)connect the list is read again.
 */
export function NotificationsProvider({ children }: { children: ReactNode }) {
  const [list, setList] = useState<AppNotification[]>([]);
  const [status, setStatus] = useState<NotificationsValue['status']>('loading');
  const [error, setError] = useState<string>();
  const loadId = useRef(0);

  const load = useCallback(async () => {
    const id = ++loadId.current;
    try {
      const body = await fetchNotifications();
      if (id !== loadId.current) return;
      setList((current) => mergeNotifications(current, body.data));
      setStatus('ready');
      setError(undefined);
    } catch (e) {
      if (id !== loadId.current) return;
      setStatus((s) => (s === 'ready' ? s : 'failed'));
      setError(errorSentence(e));
    }
  }, []);

  useEffect(() => {
    // Old notifications go first, so the list loaded next does not show them.
    const cleanup = () => cleanupNotifications().catch(() => undefined);
    void cleanup().then(load);
    const timer = window.setInterval(() => void cleanup().then(load), CLEANUP_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [load]);

  const client = useRealtimeClient();
  useEffect(() => {
    if (!client) return;
    const offNotification = client.onUserEvent(NOTIFICATION_SOCKET_EVENT, (payload) => {
      const parsed = notificationSchema.safeParse(payload);
      if (parsed.success) setList((current) => mergeNotifications(current, [parsed.data]));
    });
    // Anything pushed while the socket was away is fetched once it is in. That includes the
    // first connect: a notification created after the first list loaded but before this
    // socket joined was pushed to nobody (seen in e2e: a LIVE_SUPPORT missing from the bell).
    const offConnected = client.onConnected(() => void load());
    return () => {
      offNotification();
      offConnected();
    };
  }, [client, load]);

  const markRead = useCallback(async (id: string) => {
    setList((current) => current.map((n) => (n.id === id ? { ...n, read: true } : n)));
    try {
      await markNotificationRead(id);
    } catch (e) {
      setList((current) => current.map((n) => (n.id === id ? { ...n, read: false } : n)));
      throw e;
    }
  }, []);

  const markAllRead = useCallback(async () => {
    await markAllNotificationsRead();
    setList((current) => current.map((n) => ({ ...n, read: true })));
  }, []);

  const forgetDomain = useCallback(
    (domainId: string) => setList((current) => current.filter((n) => n.domainId !== domainId)),
    [],
  );

  const value = useMemo<NotificationsValue>(
    () => ({
      list,
      unread: unreadCount(list),
      status,
      error,
      reload: () => void load(),
      markRead,
      markAllRead,
      forgetDomain,
    }),
    [list, status, error, load, markRead, markAllRead, forgetDomain],
  );
  return <NotificationsContext.Provider value={value}>{children}</NotificationsContext.Provider>;
}
