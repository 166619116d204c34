import { ChannelCursors, reconnectAfterRefusal, subscribeOutcome } from '@parley/chat-display';
import {
  BOT_STREAM_EVENT,
  ClientSocketEvent,
  modeChannel,
  REALTIME_RETRY_BASE_MS,
  RealtimeEventName,
  roomChannel,
  type ChatMessage,
  type ModeChange,
  type RealtimeEnvelope,
  type SubscribeAck,
  type TypingStatus,
  type VisitorMessageAck,
} from '@parley/contracts';
import { io, type Socket } from 'socket.io-client';
import { ApiError } from './api';

export interface RoomHandlers {
  message(message: ChatMessage): void;
  typing(status: TypingStatus): void;
  mode(live: boolean): void;
  /** The assistant's reply so far, while the language model writes it. */
  stream(text: string): void;
  /** What was missed cannot be replayed (a first subscribe, or the buffer dropped it): refetch over REST. */
  reset(): void;
}

export interface RoomConnection {
  /** False when the socket was down and nothing went out. */
  typing(isTyping: boolean): boolean;
  /**
   * Posts the visitor's message over this socket ('visitor-message'): the POST's answer, its
   * refusal as an ApiError, or null when the socket can't carry it (not connected, connected with
   * an older token, no answer in time): then POST it with the same client id, which the service
   * posts at most once.
   */
  send(
    content: string,
    clientId: string,
  ): Promise<{ roomId: string; message: ChatMessage; assistantAnswers?: boolean } | null>;
  close(): void;
}

/** Longer than the gateway waits for conversations: a slow answer is not followed by a needless POST. */
const SEND_TIMEOUT_MS = 15_000;

/**
 * The visitor's live view of one room: `{roomId}` (messages, typing) and `{roomId}-mode`. Each
 * subscribe sends the highest cursor seen on its channel, so a reconnect replays what was missed.
 */
export function connectRoom(
  roomId: string,
  token: () => string,
  on: RoomHandlers,
  /** A new visitor token, when the gateway refused or dropped the socket for an expired one. */
  renew: () => Promise<unknown>,
): RoomConnection {
  const cursors = new ChannelCursors();
  const channels = [roomChannel(roomId), modeChannel(roomId)];
  let closed = false;
  /** The token the socket's handshake carried: the socket acts as that visitor. */
  let handshakeToken: string | null = null;
  const socket: Socket = io(window.location.origin, {
    path: '/socket.io',
    auth: (cb) => {
      handshakeToken = token();
      cb({ token: handshakeToken });
    },
    reconnectionDelay: REALTIME_RETRY_BASE_MS,
    // WebSocket first: one connection to one gateway replica, no load balancer affinity needed.
    // Long-polling only where WebSockets are blocked; the Ingress's cookie affinity covers that.
    transports: ['websocket', 'polling'],
    tryAllTransports: true,
  });

  const track = <T>(envelope: RealtimeEnvelope<T>) => {
    cursors.seen(envelope.channel, envelope.cursor);
    return envelope.data;
  };

  /**
   * A subscribe that timed out or was unavailable through all its retries: this connection
   * follows nothing of the room, so it is dropped and a new one opened later, whose subscribes
   * send the cursors seen so far (what was posted meanwhile is replayed). Once per connection.
   */
  let reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  const reconnectLater = (delay: number) => {
    if (closed || reconnectTimer) return;
    socket.disconnect();
    reconnectTimer = setTimeout(() => {
      reconnectTimer = null;
      if (!closed) socket.connect();
    }, delay);
  };

  const subscribe = async (channel: string) => {
    for (let failures = 0; !closed; failures++) {
      if (!socket.connected) return; // the next 'connect' subscribes again
      const request = cursors.request(channel);
      // No ack in time counts as a failure like 'unavailable'.
      const ack = (await socket
        .timeout(5000)
        .emitWithAck(ClientSocketEvent.subscribe, request)
        .catch(() => undefined)) as SubscribeAck | undefined;
      const outcome = subscribeOutcome(ack, failures);
      if (outcome.kind === 'retry') {
        await new Promise((r) => setTimeout(r, outcome.delayMs));
        continue;
      }
      if (outcome.kind === 'refused') {
        const delay = reconnectAfterRefusal(outcome.reason);
        if (delay !== null) reconnectLater(delay);
        return;
      }
      if (!ack) return;
      cursors.acknowledged(channel, ack);
      // A first subscribe has no cursor to replay from: what was posted between the chat's last
      // read (or the visitor's own first message) and now reached no socket of ours — the
      // assistant answers that fast. Read the history once; the room's read also has its mode.
      if (outcome.reset || (!request.since && channel === channels[0])) on.reset();
      return;
    }
  };

  socket.on('connect', () => {
    for (const channel of channels) void subscribe(channel);
  });
  // Socket.IO does not retry these two by itself: a refused handshake and a server-side drop
  // (the gateway ends a socket whose token expired). Renew the token, then connect again.
  const renewThenConnect = () => {
    if (closed) return;
    renew()
      .catch(() => undefined)
      .finally(() => {
        if (!closed) setTimeout(() => socket.connect(), REALTIME_RETRY_BASE_MS);
      });
  };
  socket.on('connect_error', () => {
    if (!socket.active) renewThenConnect();
  });
  socket.on('disconnect', (reason) => {
    if (reason === 'io server disconnect') renewThenConnect();
  });
  socket.on(RealtimeEventName.chatMessage, (e: RealtimeEnvelope<ChatMessage>) => on.message(track(e)));
  socket.on(RealtimeEventName.typingStatus, (e: RealtimeEnvelope<TypingStatus>) => on.typing(track(e)));
  socket.on(RealtimeEventName.modeChange, (e: RealtimeEnvelope<ModeChange>) => on.mode(track(e).live));
  socket.on(BOT_STREAM_EVENT, (e: RealtimeEnvelope<{ roomId?: unknown; text?: unknown }>) => {
    const data = track(e);
    if (data.roomId === roomId && typeof data.text === 'string') on.stream(data.text);
  });
  socket.on(RealtimeEventName.realtimeMode, (e: RealtimeEnvelope<Partial<ModeChange>>) => {
    const data = track(e);
    if (typeof data.live === 'boolean') on.mode(data.live);
  });

  return {
    typing(isTyping) {
      if (!socket.connected) return false;
      socket.emit(ClientSocketEvent.typing, { roomId, isTyping }, () => undefined);
      return true;
    },
    async send(content, clientId) {
      // A new token (the visitor gave an email) may name another customer: only the POST knows it.
      if (!socket.connected || handshakeToken !== token()) return null;
      let ack: VisitorMessageAck;
      try {
        ack = (await socket
          .timeout(SEND_TIMEOUT_MS)
          .emitWithAck(ClientSocketEvent.visitorMessage, { content, clientId })) as VisitorMessageAck;
      } catch {
        return null;
      }
      if (ack.ok) return ack.data;
      throw new ApiError(ack.status, ack.error.code, ack.error.message);
    },
    close() {
      closed = true;
      if (reconnectTimer) clearTimeout(reconnectTimer);
      socket.disconnect();
    },
  };
}
