import { ConversationsEvent, liveModeChangedSchema } from '@parley/contracts';
import { aggregateSubjects, EVENT_TYPE_HEADER } from '@parley/eventstore';
import type { Logger } from '@parley/logger';
import type { NatsConnection } from 'nats';
import { z } from 'zod';

const payloadSchema = z.looseObject({ data: liveModeChangedSchema });
const decoder = new TextDecoder();

export interface LiveWatch {
  stop(): Promise<void>;
}

/**
 * Every room's live switch by the team as it is appended, on core NATS (a JetStream append is also delivered
 * to plain subscribers of its subject): ahead of the room's lane, which is busy with the answer
 * the switch must stop. No durability needed: a switch missed here (a reconnect) still reaches
 * the reactor through the stream, and the turn after it is silent anyway.
 */
export function watchLiveSwitches(options: {
  nc: NatsConnection;
  namespace?: string;
  onChange: (roomId: string, live: boolean) => void;
  logger: Logger;
}): LiveWatch {
  const subscription = options.nc.subscribe(aggregateSubjects('conversations', 'room', options.namespace));
  const done = (async () => {
    for await (const message of subscription) {
      if (message.headers?.get(EVENT_TYPE_HEADER) !== ConversationsEvent.LiveModeChanged) continue;
      let parsed;
      try {
        parsed = payloadSchema.safeParse(JSON.parse(decoder.decode(message.data)));
      } catch {
        parsed = undefined;
      }
      if (!parsed?.success) {
        options.logger.warn({ subject: message.subject }, 'unreadable LiveModeChanged on the live watch');
        continue;
      }
      const change = parsed.data.data;
      // The assistant's own handoff goes live too: that turn carries on (it mails the owner next).
      if (change.changedBy === 'assistant') continue;
      options.onChange(change.roomId, change.live);
    }
  })();
  return {
    stop: async () => {
      if (!subscription.isClosed()) await subscription.drain().catch(() => undefined);
      await done;
    },
  };
}
