// The team's dashboard as it is live: a Socket.IO connection to the gateway subscribed to
// chat-global, reconnecting (and resubscribing from the last cursor it applied, which replays what
// it missed) whenever the gateway goes away, as the frontend does. Keeps the client ids of the
// customers' messages it was pushed.
import {
  CHAT_GLOBAL_CHANNEL,
  ClientSocketEvent,
  compareCursors,
  RealtimeEventName,
  type CustomerMessage,
  type RealtimeEnvelope,
  type SubscribeAck,
} from '@parley/contracts';
import { io, type Socket } from 'socket.io-client';

export class DashboardSocket {
  /** Client ids of the customer messages pushed (each counted once, however often it came). */
  readonly pushed = new Set<string>();
  /** Subscriptions answered `reset` (the replay buffer no longer held what was missed). */
  resets = 0;
  reconnects = 0;
  private cursor: string | undefined;
  private readonly socket: Socket;

  constructor(gatewayUrl: string, token: string) {
    this.socket = io(gatewayUrl, {
      path: '/socket.io',
      transports: ['websocket'],
      auth: { token },
      reconnectionDelay: 200,
      reconnectionDelayMax: 1000,
    });
    this.socket.on('connect', () => void this.subscribe());
    this.socket.io.on('reconnect', () => this.reconnects++);
    this.socket.on(RealtimeEventName.customerMessage, (envelope: RealtimeEnvelope<CustomerMessage>) => {
      if (envelope.data.message.clientId) this.pushed.add(envelope.data.message.clientId);
      if (envelope.cursor && (!this.cursor || compareCursors(envelope.cursor, this.cursor) > 0))
        this.cursor = envelope.cursor;
    });
  }

  /** Resolves once connected and subscribed. */
  async ready(timeoutMs = 30_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!this.subscribed) {
      if (Date.now() > deadline) throw new Error('the dashboard socket did not subscribe to chat-global');
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  close(): void {
    this.socket.close();
  }

  private subscribed = false;

  private async subscribe(): Promise<void> {
    try {
      const ack = (await this.socket.timeout(10_000).emitWithAck(ClientSocketEvent.subscribe, {
        channel: CHAT_GLOBAL_CHANNEL,
        since: this.cursor,
      })) as SubscribeAck;
      if (!ack.ok) throw new Error(`subscribe refused: ${ack.error}`);
      if (ack.reset) this.resets++;
      this.subscribed = true;
    } catch {
      // The gateway went away meanwhile: the next connect subscribes again.
    }
  }
}
