import {
  assistantSignalSchema,
  assistantSignalSubject,
  BOT_STREAM_EVENT,
  RealtimeEventName,
  roomChannel,
  type AssistantSignal,
  type TypingStatus,
} from '@parley/contracts';
import type { Logger } from '@parley/logger';
import type { NatsConnection, Subscription } from 'nats';
import type { AssistantActivity } from './assistant-activity';
import { InternalRoom } from './channels';
import type { RoomEmitter } from './team-activity';

/** Every gateway replica joins this group: each signal is relayed once, the Redis adapter reaches every socket. */
export const ASSISTANT_SIGNAL_QUEUE_GROUP = 'gateway-assistant-signal-relay';

export interface AssistantSignalRelay {
  stop(): Promise<void>;
}

/** The socket events one assistant signal becomes, for both sides of the room (never replayed). */
export function signalEmissions(
  signal: AssistantSignal,
): Array<{ room: string; event: string; data: unknown }> {
  const rooms = [InternalRoom.room(signal.roomId, 'visitor'), InternalRoom.room(signal.roomId, 'team')];
  if (signal.kind === 'typing') {
    // To the widget the bot types like an agent does.
    const data: TypingStatus = { roomId: signal.roomId, isTyping: signal.isTyping, agent: true };
    return rooms.map((room) => ({ room, event: RealtimeEventName.typingStatus, data }));
  }
  return rooms.map((room) => ({
    room,
    event: BOT_STREAM_EVENT,
    data: { roomId: signal.roomId, text: signal.text },
  }));
}

/**
 * Relays the assistant's ephemeral signals (core NATS `<ns>.assistant.signal`): bot typing as
 * 'typing-status' with agent true, and the language-model reply's text so far as 'bot-stream'
 * { roomId, text }, to the room's visitor and team sockets, and keeps the room's current activity
 * for sockets that subscribe later. Signals are hints: a malformed one is dropped with a warning.
 */
export function startAssistantSignalRelay(options: {
  nc: NatsConnection;
  namespace?: string;
  emit: RoomEmitter;
  /** Kept for sockets that subscribe to the room later (assistant-activity.ts). */
  activity?: AssistantActivity;
  logger: Logger;
}): AssistantSignalRelay {
  const decoder = new TextDecoder();
  const subscription: Subscription = options.nc.subscribe(
    assistantSignalSubject(options.namespace || undefined),
    {
      queue: ASSISTANT_SIGNAL_QUEUE_GROUP,
    },
  );
  const done = (async () => {
    for await (const message of subscription) {
      let parsed;
      try {
        parsed = assistantSignalSchema.safeParse(JSON.parse(decoder.decode(message.data)));
      } catch {
        parsed = undefined;
      }
      if (!parsed?.success) {
        options.logger.warn({ subject: message.subject }, 'unreadable assistant signal');
        continue;
      }
      // Kept before it is emitted: a socket joins the room, then reads what is kept, so it gets
      // the signal one way or the other (in order: what is kept is the last signal's).
      await options.activity?.record(parsed.data).catch((error: unknown) => {
        options.logger.warn(
          { err: error, roomId: parsed.data.roomId },
          'could not keep the assistant’s activity',
        );
      });
      for (const { room, event, data } of signalEmissions(parsed.data)) {
        options.emit(room, event, { channel: roomChannel(parsed.data.roomId), cursor: null, data });
      }
    }
  })();
  return {
    stop: async () => {
      if (!subscription.isClosed()) await subscription.drain().catch(() => undefined);
      await done;
    },
  };
}
