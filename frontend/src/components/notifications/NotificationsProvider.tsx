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
import { io, type Socket } from 'socket.io-client';
import { refreshSession } from '@/lib/api/client';
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
import { browserGatewayUrl, type PublicGateway } from '@/lib/realtime/gateway-address';

interface NotificationsValue {
  list: AppNotification[];
  unread: number;
  status: 'loading' | 'ready' | 'failed';
  error?: string;
  reload(): void;
  markRead(id: string): Promise<void>;
  markAllRead(): Promise<void>;
}

const NotificationsContext = createContext<NotificationsValue | null>(null);

export function useNotifications(): NotificationsValue {
  const value = useContext(NotificationsContext);
  if (!value) throw new Error('useNotifications must be used inside <NotificationsProvider>');
  return value;
}

/** How long to wait before asking again when the gateway could not check the token. */
const UNAVAILABLE_RETRY_MS = 5_000;

/**
 * The signed-in user's notifications: loaded once, cleaned up on load and every 24 hours
 * (DELETE /api/notifications/cleanup), and kept live by the gateway's Socket.IO `notification`
 * event. The socket goes to the gateway directly (route handlers cannot carry websockets) and
 * authenticates with the parley_at cookie; when the gateway refuses or drops it because the
 * access token expired, the session is refreshed and the socket connects again.
 */
export function NotificationsProvider({
  gateway,
  children,
}: {
  gateway: PublicGateway;
  children: ReactNode;
}) {
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

  const gatewayKey = 'url' in gateway ? gateway.url : `:${gateway.port}`;
  useEffect(() => {
    const url = browserGatewayUrl(
      gatewayKey.startsWith(':') ? { port: gatewayKey.slice(1) } : { url: gatewayKey },
      window.location,
    );
    const socket: Socket = io(url, { withCredentials: true, transports: ['websocket', 'polling'] });
    let closed = false;
    let retry: number | undefined;
    let connectedBefore = false;

    const reconnectAfterRefresh = async () => {
      if (closed) return;
      if (await refreshSession()) {
        if (!closed) socket.connect();
      }
    };

    socket.on('connect', () => {
      // Anything pushed while the socket was away is fetched once it is back.
      if (connectedBefore) void load();
      connectedBefore = true;
    });
    socket.on('notification', (payload: unknown) => {
      const parsed = notificationSchema.safeParse(payload);
      if (parsed.success) setList((current) => mergeNotifications(current, [parsed.data]));
    });
    // A refusal by the gateway's middleware is not retried by socket.io itself.
    socket.on('connect_error', (err: Error) => {
      if (closed || socket.active) return;
      if (err.message === 'unauthorized') void reconnectAfterRefresh();
      else retry = window.setTimeout(() => !closed && socket.connect(), UNAVAILABLE_RETRY_MS);
    });
    socket.on('disconnect', (reason) => {
      // The gateway disconnects a socket whose access token expired.
      if (reason === 'io server disconnect') void reconnectAfterRefresh();
    });

    return () => {
      closed = true;
      window.clearTimeout(retry);
      socket.removeAllListeners();
      socket.disconnect();
    };
  }, [gatewayKey, load]);

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

  const value = useMemo<NotificationsValue>(
    () => ({
      list,
      unread: unreadCount(list),
      status,
      error,
      reload: () => void load(),
      markRead,
      markAllRead,
    }),
    [list, status, error, load, markRead, markAllRead],
  );
  return <NotificationsContext.Provider value={value}>{children}</NotificationsContext.Provider>;
}
