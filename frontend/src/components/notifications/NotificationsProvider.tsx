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
  /** A deleted domain's notifications are gone on the server too; its wizard can no longer open. */
  forgetDomain(domainId: string): void;
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
  // The socket waits for the first list load: that call renews an expired access token (through
  // the API client's one shared refresh), so the handshake then carries a fresh cookie.
  const started = status !== 'loading';
  useEffect(() => {
    if (!started) return;
    const url = browserGatewayUrl(
      gatewayKey.startsWith(':') ? { port: gatewayKey.slice(1) } : { url: gatewayKey },
      window.location,
    );
    const socket: Socket = io(url, { withCredentials: true, transports: ['websocket', 'polling'] });
    let closed = false;
    let timer: number | undefined;
    let failures = 0;

    // Refused or dropped for its token: an API call renews the session the one shared way (and
    // ends it properly when it cannot be renewed), then the socket tries again, backing off.
    const renewThenConnect = async () => {
      failures++;
      await load();
      if (closed) return;
      const delay = failures > 1 ? Math.min(60_000, 1_000 * 2 ** (failures - 2)) : 0;
      timer = window.setTimeout(() => !closed && socket.connect(), delay);
    };

    socket.on('connect', () => {
      failures = 0;
      // Anything pushed while the socket was away is fetched once it is in. That includes the
      // first connect: a notification created after the first list loaded but before this
      // socket joined was pushed to nobody (seen in e2e: a LIVE_SUPPORT missing from the bell).
      void load();
    });
    socket.on('notification', (payload: unknown) => {
      const parsed = notificationSchema.safeParse(payload);
      if (parsed.success) setList((current) => mergeNotifications(current, [parsed.data]));
    });
    // A refusal by the gateway's middleware is not retried by socket.io itself.
    socket.on('connect_error', (err: Error) => {
      if (closed || socket.active) return;
      if (err.message === 'unauthorized') void renewThenConnect();
      else timer = window.setTimeout(() => !closed && socket.connect(), UNAVAILABLE_RETRY_MS);
    });
    socket.on('disconnect', (reason) => {
      // The gateway disconnects a socket whose access token expired.
      if (reason === 'io server disconnect') void renewThenConnect();
    });

    return () => {
      closed = true;
      window.clearTimeout(timer);
      socket.removeAllListeners();
      socket.disconnect();
    };
  }, [gatewayKey, load, started]);

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
