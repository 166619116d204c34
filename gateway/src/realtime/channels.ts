import { CHAT_GLOBAL_CHANNEL } from '@parley/contracts';

/**
 * Client-visible channels (the spec's names) and the internal Socket.IO rooms behind them. One
 * channel can map to different internal rooms per audience: a visitor's `{roomId}` is
 * `room:<id>:visitor`, the team's is `room:<id>:team`, so a note emitted to the team room can
 * never reach a visitor. Internal rooms are namespaced by kind so no client-chosen string can
 * name one directly (and `user-{id}` stays the notification room).
 */
export type ParsedChannel =
  | { kind: 'global' }
  | { kind: 'room'; roomId: string }
  | { kind: 'mode'; roomId: string }
  | { kind: 'presence'; roomId: string };

/** Room ids are the conversations service's ids: uuids or similar tokens, never with spaces. */
const ROOM_ID = /^[A-Za-z0-9_-]{1,64}$/;

export function parseChannel(channel: unknown): ParsedChannel | undefined {
  if (typeof channel !== 'string') return undefined;
  if (channel === CHAT_GLOBAL_CHANNEL) return { kind: 'global' };
  for (const [suffix, kind] of [
    ['-presence', 'presence'],
    ['-mode', 'mode'],
  ] as const) {
    if (channel.endsWith(suffix)) {
      const roomId = channel.slice(0, -suffix.length);
      // A uuid never ends in '-mode', so '<uuid>-mode' is unambiguous.
      return ROOM_ID.test(roomId) ? { kind, roomId } : undefined;
    }
  }
  return ROOM_ID.test(channel) ? { kind: 'room', roomId: channel } : undefined;
}

export type RoomAudienceSide = 'team' | 'visitor';

/** Internal Socket.IO rooms (never exposed; replay buffers are keyed by these). */
export const InternalRoom = {
  accountGlobal: (accountId: string) => `acct:${accountId}:global`,
  agentGlobal: (userId: string) => `agent:${userId}:global`,
  room: (roomId: string, side: RoomAudienceSide) => `room:${roomId}:${side}`,
  mode: (roomId: string) => `room:${roomId}:mode`,
  presence: (roomId: string) => `room:${roomId}:presence`,
} as const;

/** Whether an internal room is the visitor side of a chat room (InternalRoom.room(id, 'visitor')). */
export const isVisitorRoom = (room: string): boolean => room.startsWith('room:') && room.endsWith(':visitor');
