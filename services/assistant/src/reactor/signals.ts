import { assistantSignalSubject, type AssistantSignal, type RoomAudience } from '@parley/contracts';
import type { NatsConnection } from 'nats';

/** Ephemeral signals to a room's sockets (through the gateway): fire and forget. */
export interface BotSignals {
  typing(roomId: string, audience: RoomAudience, isTyping: boolean): void;
  stream(roomId: string, audience: RoomAudience, text: string): void;
}

export function natsBotSignals(nc: NatsConnection, namespace?: string): BotSignals {
  const subject = assistantSignalSubject(namespace);
  const encoder = new TextEncoder();
  const send = (signal: AssistantSignal) => {
    // A closed connection (shutting down) loses the hint, which is all a signal is.
    if (!nc.isClosed()) nc.publish(subject, encoder.encode(JSON.stringify(signal)));
  };
  return {
    typing: (roomId, audience, isTyping) => send({ kind: 'typing', roomId, audience, isTyping }),
    stream: (roomId, audience, text) => send({ kind: 'stream', roomId, audience, text }),
  };
}
