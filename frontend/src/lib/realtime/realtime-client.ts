import { ChannelCursors, isEnvelope, reconnectAfterRefusal, subscribeOutcome } from '@parley/chat-display';
import {
  ClientSocketEvent,
  RealtimeEventName,
  type RealtimeEventNameValue,
  type SubscribeAck,
} from '@parley/contracts';
import { io, type Socket } from 'socket.io-client';

export interface ChannelListener {
  /** Called with each event's `data` (the envelope's payload). */
  events: Partial<Record<RealtimeEventNameValue, (data: unknown) => void>>;
  /** The gateway no longer holds what was missed on this channel: refetch over REST. */
  onReset?(): void;
  /** The gateway refused the channel (no access) or kept failing after the retries. */
  onRefused?(reason: string): void;
}

export type RealtimeStatus = 'connecting' | 'connected' | 'reconnecting';

const ACK_TIMEOUT_MS = 5_000;
const UNAVAILABLE_RETRY_MS = 5_000;
const EVENT_NAMES = Object.values(RealtimeEventName);

/**
 * The dashboard's one Socket.IO connection to the gateway: the realtime protocol
 * (@parley/contracts conversations/realtime.ts) and the user's own pushes (the gateway sends
 * `notification` to the signed-in user's room on this same socket). Channel subscriptions shared
 * by any number of listeners, each channel's last cursor kept so a reconnect re-subscribes with `since` and gets
 * what it missed, and the session renewed (through `renewSession`, the API client's one shared
 * refresh) when the gateway refuses or drops the socket for an expired access token.
 */
export class RealtimeClient {
  private readonly socket: Socket;
  private readonly cursors = new ChannelCursors();
  private readonly listeners = new Map<string, Set<ChannelListener>>();
  private readonly statusListeners = new Set<(status: RealtimeStatus) => void>();
  private readonly connectListeners = new Set<() => void>();
  private readonly timers = new Set<number>();
  private statusValue: RealtimeStatus = 'connecting';
  private closed = false;
  private authFailures = 0;
  private reconnecting = false;

  constructor(
    url: string,
    private readonly renewSession: () => Promise<unknown>,
  ) {
    this.socket = io(url, { withCredentials: true, transports: ['websocket', 'polling'] });
    this.socket.on('connect', () => {
      this.authFailures = 0;
      this.setStatus('connected');
      // A new connection holds no subscriptions: each channel again, from its last cursor.
      for (const channel of this.listeners.keys()) this.join(channel, 0);
      for (const l of this.connectListeners) l();
    });
    this.socket.on('connect_error', (err: Error) => {
      if (this.closed || this.socket.active) return;
      this.setStatus('reconnecting');
      // A refusal by the gateway's middleware is not retried by socket.io itself.
      if (err.message === 'unauthorized') void this.renewThenConnect();
      else this.later(() => this.socket.connect(), UNAVAILABLE_RETRY_MS);
    });
    this.socket.on('disconnect', (reason) => {
      if (this.closed) return;
      this.setStatus('reconnecting');
      // The gateway disconnects a socket whose access token expired.
      if (reason === 'io server disconnect') void this.renewThenConnect();
    });
    for (const name of EVENT_NAMES) {
      this.socket.on(name, (payload: unknown) => this.dispatch(name, payload));
    }
  }

  get status(): RealtimeStatus {
    return this.statusValue;
  }

  onStatus(listener: (status: RealtimeStatus) => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  /**
   * Called on each new connection (at once when already connected): what was pushed to the user
   * while the socket was away was pushed to nobody, so a listener reads it again then.
   */
  onConnected(listener: () => void): () => void {
    this.connectListeners.add(listener);
    if (this.socket.connected) listener();
    return () => this.connectListeners.delete(listener);
  }

  /**
   * An event the gateway sends to the signed-in user rather than on a channel (`notification`);
   * returns the way out.
   */
  onUserEvent(name: string, handler: (payload: unknown) => void): () => void {
    this.socket.on(name, handler);
    return () => this.socket.off(name, handler);
  }

  /** Listens on `channel`, subscribing it on the first listener; returns the way out. */
  listen(channel: string, listener: ChannelListener): () => void {
    let set = this.listeners.get(channel);
    if (!set) {
      set = new Set();
      this.listeners.set(channel, set);
      if (this.socket.connected) this.join(channel, 0);
    }
    set.add(listener);
    return () => {
      const current = this.listeners.get(channel);
      if (!current) return;
      current.delete(listener);
      if (current.size > 0) return;
      this.listeners.delete(channel);
      this.cursors.forget(channel);
      if (this.socket.connected)
        this.socket.emit(ClientSocketEvent.unsubscribe, { channel }, () => undefined);
    };
  }

  /** A client event with an ack (typing); false when it was not accepted or timed out. */
  async send(event: string, payload: unknown): Promise<boolean> {
    if (!this.socket.connected) return false;
    try {
      const ack = (await this.socket.timeout(ACK_TIMEOUT_MS).emitWithAck(event, payload)) as { ok?: boolean };
      return ack?.ok === true;
    } catch {
      return false;
    }
  }

  close(): void {
    this.closed = true;
    for (const t of this.timers) window.clearTimeout(t);
    this.timers.clear();
    this.listeners.clear();
    this.statusListeners.clear();
    this.connectListeners.clear();
    this.socket.removeAllListeners();
    this.socket.disconnect();
  }

  private join(channel: string, failures: number): void {
    const request = this.cursors.request(channel);
    this.socket
      .timeout(ACK_TIMEOUT_MS)
      .emit(ClientSocketEvent.subscribe, request, (err: unknown, ack: SubscribeAck) => {
        const set = this.listeners.get(channel);
        if (this.closed || !set) return;
        const outcome = subscribeOutcome(err ? undefined : ack, failures);
        if (outcome.kind === 'retry') {
          this.later(
            () => this.socket.connected && this.listeners.has(channel) && this.join(channel, failures + 1),
            outcome.delayMs,
          );
          return;
        }
        if (outcome.kind === 'refused') {
          for (const l of set) l.onRefused?.(outcome.reason);
          const delay = reconnectAfterRefusal(outcome.reason);
          if (delay !== null) this.reconnectLater(delay);
          return;
        }
        this.cursors.acknowledged(channel, ack);
        if (outcome.reset) for (const l of set) l.onReset?.();
      });
  }

  private dispatch(name: RealtimeEventNameValue, payload: unknown): void {
    if (!isEnvelope(payload)) return;
    const set = this.listeners.get(payload.channel);
    if (!set) return;
    this.cursors.seen(payload.channel, payload.cursor);
    for (const l of set) l.events[name]?.(payload.data);
  }

  /**
   * A channel whose subscribe went unanswered through all its retries (a gateway overloaded,
   * e.g. every socket back at once after a restart) is followed by nothing on this connection:
   * it is dropped and a new one opened after a jittered pause, whose subscribes replay from each
   * channel's cursor. Once per connection.
   */
  private reconnectLater(delay: number): void {
    if (this.reconnecting) return;
    this.reconnecting = true;
    this.setStatus('reconnecting');
    this.socket.disconnect();
    this.later(() => {
      this.reconnecting = false;
      this.socket.connect();
    }, delay);
  }

  private async renewThenConnect(): Promise<void> {
    this.authFailures++;
    await this.renewSession().catch(() => undefined);
    if (this.closed) return;
    const delay = this.authFailures > 1 ? Math.min(60_000, 1_000 * 2 ** (this.authFailures - 2)) : 0;
    this.later(() => this.socket.connect(), delay);
  }

  private later(run: () => void, ms: number): void {
    const t = window.setTimeout(() => {
      this.timers.delete(t);
      if (!this.closed) run();
    }, ms);
    this.timers.add(t);
  }

  private setStatus(status: RealtimeStatus): void {
    if (status === this.statusValue) return;
    this.statusValue = status;
    for (const l of this.statusListeners) l(status);
  }
}
