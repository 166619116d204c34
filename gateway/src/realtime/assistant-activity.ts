import type { AssistantSignal } from '@parley/contracts';
import type { RedisClientType } from 'redis';

/** What the assistant is doing in a room right now: typing, with the reply's text so far (or none yet). */
export interface RoomAssistantActivity {
  draft: string | null;
}

/**
 * Longer than any turn (the model's whole answer is bounded by ASSISTANT_LLM_TIMEOUT_MS, at most
 * 120 s), and each signal renews it: a turn whose 'not typing' was lost (the assistant died
 * mid-answer) stops being replayed after this.
 */
export const ACTIVITY_TTL_MS = 150_000;

/**
 * The assistant's current activity per room, kept from its signals so that a socket subscribing
 * to the room after they went out still sees them: the widget's first message goes by POST, and
 * the bot is typing before the widget's socket has joined the room. Shared by every replica.
 */
export interface AssistantActivity {
  record(signal: AssistantSignal): Promise<void>;
  current(roomId: string): Promise<RoomAssistantActivity | null>;
}

/** A signal's effect on the room's activity: the new value, or null when the assistant is done. */
export function activityAfter(signal: AssistantSignal): RoomAssistantActivity | null {
  if (signal.kind === 'typing') return signal.isTyping ? { draft: null } : null;
  // An empty stream withdraws the draft (the answer was stopped); the turn may still be typing.
  return { draft: signal.text === '' ? null : signal.text };
}

export function redisAssistantActivity(redis: RedisClientType, keyPrefix: string): AssistantActivity {
  const key = (roomId: string) => `${keyPrefix}:assistant-activity:${roomId}`;
  return {
    async record(signal) {
      const next = activityAfter(signal);
      if (next) await redis.set(key(signal.roomId), JSON.stringify(next), { PX: ACTIVITY_TTL_MS });
      else await redis.del(key(signal.roomId));
    },
    async current(roomId) {
      const raw = await redis.get(key(roomId));
      if (!raw) return null;
      try {
        const parsed = JSON.parse(raw) as { draft?: unknown };
        return { draft: typeof parsed.draft === 'string' ? parsed.draft : null };
      } catch {
        return null;
      }
    },
  };
}
