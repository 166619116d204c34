import { ConversationsEvent, roomAudienceSchema, type MessagePosted } from '@parley/contracts';
import type { RecordedEvent } from '@parley/eventstore';
import type { Pool } from 'pg';
import { z } from 'zod';
import { evolve, roomFact, type PolicyFact } from '../policy';
import type { LaneHandler } from './lane-consumer';
import { respondToVisitor, type RespondDeps } from './respond';
import { loadRoomState, roomsOfCustomer, saveRoomState, updateRoomState } from './room-state';

/** Durable consumer and checkpoint name (the same as when it ran as a projection: it resumes there). */
export const REACTOR_NAME = 'assistant-reactor-v1';

const roomEventSchema = z.looseObject({ roomId: z.string(), audience: roomAudienceSchema });
// The parts of the customer's events the policy keeps.
const customerEmailSetSchema = z.looseObject({ email: z.string() });
const customerAnswersSavedSchema = z.looseObject({
  answers: z.array(z.looseObject({ questionId: z.string() })),
});

/** conversations.<aggregate>.<id> */
function aggregateOf(subject: string): { aggregate: string; id: string } {
  const parts = subject.split('.');
  return { aggregate: parts.at(-2) ?? '', id: parts.at(-1) ?? '' };
}

function customerFact(event: RecordedEvent): PolicyFact | null {
  if (event.type === ConversationsEvent.CustomerEmailSet)
    return { type: 'EmailSet', email: customerEmailSetSchema.parse(event.data).email };
  if (event.type === ConversationsEvent.CustomerAnswersSaved)
    return {
      type: 'AnswersSaved',
      questionIds: customerAnswersSavedSchema.parse(event.data).answers.map((a) => a.questionId),
    };
  return null;
}

/**
 * The assistant's reactor on the CONVERSATIONS stream. Room events evolve the room's policy state;
 * a visitor's message in a room that is not live is answered (respondToVisitor). The customer's
 * email and saved answers reach the policy state of the customer's rooms.
 *
 * Lanes are customers: a customer's rooms and the customer's own facts apply in stream order,
 * other visitors' rooms side by side. Each room row carries the sequence of the last event applied
 * to it and skips any at or below it, so every event changes the state once; a crash between the
 * effects and the save repeats only the effects, which are idempotent (client ids, billing by
 * request id, flags that change once).
 */
export function assistantReactor(db: Pool, deps: RespondDeps): LaneHandler {
  return {
    laneOf(event) {
      const { aggregate, id } = aggregateOf(event.subject);
      if (aggregate === 'customer') return customerFact(event) ? id : null;
      if (aggregate !== 'room' || !roomFact({ type: event.type, data: event.data })) return null;
      return roomEventSchema.parse(event.data).audience.customerId;
    },

    async apply(event) {
      const { aggregate, id } = aggregateOf(event.subject);
      if (aggregate === 'customer') {
        const fact = customerFact(event);
        if (!fact) return;
        for (const room of await roomsOfCustomer(db, id, event.sequence)) {
          await updateRoomState(db, room.roomId, evolve(room.state, fact), event.sequence);
        }
        return;
      }
      const fact = roomFact({ type: event.type, data: event.data });
      if (!fact) return;
      const { roomId, audience } = roomEventSchema.parse(event.data);
      const room = await loadRoomState(db, roomId);
      if (room.lastSeq >= event.sequence) return; // applied before this redelivery
      const m = event.data as MessagePosted;
      const next =
        // A message left with the offline form (issue 17) is for the team, who answer it later.
        fact.type === 'VisitorMessaged' && m.role === 'user' && !m.isNote && !m.offline
          ? await respondToVisitor(
              deps,
              room.state,
              { id: m.messageId, text: m.content, roomId, audience, postedAt: m.postedAt },
              fact,
            )
          : evolve(room.state, fact);
      await saveRoomState(db, roomId, audience, next, event.sequence);
    },
  };
}
