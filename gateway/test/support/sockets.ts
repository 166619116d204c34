import type { RealtimeEnvelope, SubscribeAck } from '@parley/contracts';
import { io as connect, type Socket } from 'socket.io-client';

/** A socket.io client of a gateway, authenticated with a dashboard or visitor token in `auth.token`. */
export async function openSocket(url: string, token: string): Promise<Socket> {
  const socket = connect(url, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    timeout: 10_000,
    auth: { token },
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (error) => reject(error));
  });
  return socket;
}

export function subscribe(socket: Socket, channel: string, since?: string): Promise<SubscribeAck> {
  return socket
    .timeout(10_000)
    .emitWithAck('subscribe', since === undefined ? { channel } : { channel, since });
}

export interface Received<T = unknown> {
  event: string;
  envelope: RealtimeEnvelope<T>;
}

/** Everything a socket receives (any event but `notification`), in arrival order. */
export function recordAll(socket: Socket): Received[] {
  const received: Received[] = [];
  socket.onAny((event: string, envelope: RealtimeEnvelope<unknown>) => {
    if (event !== 'notification') received.push({ event, envelope });
  });
  return received;
}

export async function eventually(check: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
