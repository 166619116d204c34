'use client';

import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { api } from '@/lib/api/client';
import { browserGatewayUrl, type PublicGateway } from './gateway-address';
import { RealtimeClient, type ChannelListener, type RealtimeStatus } from './realtime-client';

const RealtimeContext = createContext<RealtimeClient | null>(null);

/**
 * Opens the dashboard's one realtime connection for the pages under it once `ready` (after the
 * page's first API call, which renews an expired access token, so the handshake carries a fresh
 * cookie). Mounted once, by the dashboard's layout: the notifications and the conversations
 * share it.
 */
export function RealtimeProvider({
  gateway,
  ready,
  children,
}: {
  gateway: PublicGateway;
  ready: boolean;
  children: ReactNode;
}) {
  const [client, setClient] = useState<RealtimeClient | null>(null);
  const gatewayKey = 'url' in gateway ? gateway.url : `:${gateway.port}`;

  useEffect(() => {
    if (!ready) return;
    const url = browserGatewayUrl(
      gatewayKey.startsWith(':') ? { port: gatewayKey.slice(1) } : { url: gatewayKey },
      window.location,
    );
    // Any authenticated call renews the session the one shared way (and ends it when it cannot).
    const created = new RealtimeClient(url, () => api('/user/me'));
    setClient(created);
    return () => {
      created.close();
      setClient(null);
    };
  }, [gatewayKey, ready]);

  return <RealtimeContext.Provider value={client}>{children}</RealtimeContext.Provider>;
}

export function useRealtimeClient(): RealtimeClient | null {
  return useContext(RealtimeContext);
}

export function useRealtimeStatus(): RealtimeStatus | null {
  const client = useRealtimeClient();
  const [status, setStatus] = useState<RealtimeStatus | null>(client?.status ?? null);
  useEffect(() => {
    setStatus(client?.status ?? null);
    return client?.onStatus(setStatus);
  }, [client]);
  return status;
}

/**
 * Listens on `channel` (null: none) while mounted. The listener may change on every render; the
 * subscription follows the channel only.
 */
export function useChannel(channel: string | null, listener: ChannelListener): void {
  const client = useRealtimeClient();
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => {
    if (!client || !channel) return;
    const events: ChannelListener['events'] = {};
    for (const name of Object.keys(latest.current.events) as (keyof ChannelListener['events'])[]) {
      events[name] = (data) => latest.current.events[name]?.(data);
    }
    return client.listen(channel, {
      events,
      onReset: () => latest.current.onReset?.(),
      onRefused: (reason) => latest.current.onRefused?.(reason),
    });
  }, [client, channel]);
}
