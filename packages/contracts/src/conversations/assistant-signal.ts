import { z } from 'zod';
import { roomAudienceSchema } from './events';

/**
 * The assistant's ephemeral signals to a room: the bot is typing, and (language-model engine) the
 * reply's text so far. Published on core NATS, not JetStream — a lost signal costs nothing, the
 * posted message is the truth — and relayed by the gateway to the room's visitor and team
 * sockets. Each carries the room's audience so the gateway routes it without a lookup.
 * Subject 'assistant.signal', or '<ns>.assistant.signal'.
 */
export const assistantSignalSubject = (namespace?: string) =>
  namespace ? `${namespace.toLowerCase()}.assistant.signal` : 'assistant.signal';

export const assistantSignalSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('typing'),
    roomId: z.string(),
    audience: roomAudienceSchema,
    isTyping: z.boolean(),
  }),
  z.object({ kind: z.literal('stream'), roomId: z.string(), audience: roomAudienceSchema, text: z.string() }),
]);
export type AssistantSignal = z.infer<typeof assistantSignalSchema>;
