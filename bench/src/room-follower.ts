/**
 * A widget socket's view of its room as the widget keeps it (widget/app/src/realtime.ts): the
 * highest cursor seen on the channel, and on every reconnect a subscribe with that cursor as
 * `since`, retried as the widget retries; plus what the storm counts: each storm message's
 * cursors as this socket received them, and when the socket came back.
 */
import { ChannelCursors, subscribeOutcome } from '@parley/chat-display';
import {
  ClientSocketEvent,
  RealtimeEventName,
  type ChatMessage,
  type RealtimeEnvelope,
  type SubscribeAck,
} from '@parley/contracts';
import { performance } from 'node:perf_hooks';
import type { Socket } from 'socket.io-client';

/** Client ids of the storm's messages start with this. */
export const STORM_PREFIX = 's';

export class RoomFollower {
  private readonly cursors = new ChannelCursors();
  /** Storm message client id -> the cursors it arrived with (a repeat of one cursor is skipped by the widget). */
  readonly received = new Map<string, string[]>();
  /** When the socket last connected and last finished its subscribe (performance.now()). */
  connectedAt = 0;
  subscribedAt = 0;
  /** Subscribes that were refused or given up (the widget would refetch over REST). */
  refused = 0;
  /** Subscribes answered with reset: the buffer could not replay what was missed. */
  resets = 0;

  constructor(
    private readonly socket: Socket,
    private readonly channel: string,
  ) {
    socket.on(RealtimeEventName.chatMessage, (e: RealtimeEnvelope<ChatMessage>) => {
      this.cursors.seen(e.channel, e.cursor);
      const clientId = e.data.clientId ?? '';
      if (!clientId.startsWith(STORM_PREFIX)) return;
      const seen = this.received.get(clientId);
      if (seen) seen.push(e.cursor ?? '');
      else this.received.set(clientId, [e.cursor ?? '']);
    });
    socket.on('connect', () => {
      this.connectedAt = performance.now();
      void this.subscribe();
    });
  }

  cursor(): string | undefined {
    return this.cursors.cursor(this.channel);
  }

  connected(): boolean {
    return this.socket.connected;
  }

  /** The first subscribe's answer (made before the follower existed). */
  begin(ack: SubscribeAck): void {
    this.cursors.acknowledged(this.channel, ack);
  }

  private async subscribe(): Promise<void> {
    for (let failures = 0; ; failures++) {
      if (!this.socket.connected) return; // the next 'connect' subscribes again
      const ack = (await this.socket
        .timeout(5000)
        .emitWithAck(ClientSocketEvent.subscribe, this.cursors.request(this.channel))
        .catch(() => undefined)) as SubscribeAck | undefined;
      const outcome = subscribeOutcome(ack, failures);
      if (outcome.kind === 'retry') {
        await new Promise((r) => setTimeout(r, outcome.delayMs));
        continue;
      }
      if (outcome.kind === 'refused' || !ack) {
        this.refused++;
        return;
      }
      if (outcome.reset) this.resets++;
      this.cursors.acknowledged(this.channel, ack);
      this.subscribedAt = performance.now();
      return;
    }
  }
}
