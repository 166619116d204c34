import {
  BOT_STREAM_EVENT,
  RealtimeEventName,
  roomChannel,
  type RealtimeEnvelope,
  type TypingStatus,
} from '@parley/contracts';
import type { RoomAssistantActivity } from './assistant-activity';

/**
 * What a socket that just subscribed to a room's channel is told of the assistant's turn in
 * progress: the bot is typing, and the draft so far when there is one; or that it is not typing
 * (a widget that showed typing on its message's POST answer learns the turn ended before its
 * socket joined). The same events the relay emits live (cursor null: not in the replay buffer).
 */
export function activityEmissions(
  roomId: string,
  activity: RoomAssistantActivity | null,
): Array<{ event: string; envelope: RealtimeEnvelope<unknown> }> {
  const channel = roomChannel(roomId);
  const typing: TypingStatus = { roomId, isTyping: activity !== null, agent: true };
  const events: Array<{ event: string; envelope: RealtimeEnvelope<unknown> }> = [
    { event: RealtimeEventName.typingStatus, envelope: { channel, cursor: null, data: typing } },
  ];
  if (activity && activity.draft !== null) {
    events.push({
      event: BOT_STREAM_EVENT,
      envelope: { channel, cursor: null, data: { roomId, text: activity.draft } },
    });
  }
  return events;
}
