import type { RoomAccessSource, VisitorIdentity } from './channel-access';

/** The two conversations calls a subscribe needs (the gateway's conversations client has them). */
export interface RoomAccessCalls {
  checkRoomAccess(
    caller: { userId: string; role: string; accountId: string },
    roomId: string,
  ): Promise<boolean>;
  getVisitorChat(visitor: VisitorIdentity): Promise<{ room: { id: string } | null }>;
}

/** Channel authorisation asks conversations: CheckRoomAccess for the team, the visitor's own room otherwise. */
export function roomAccessFromConversations(calls: RoomAccessCalls): RoomAccessSource {
  return {
    teamHasAccess: (principal, roomId) =>
      calls.checkRoomAccess(
        { userId: principal.userId, role: principal.role, accountId: principal.accountId },
        roomId,
      ),
    visitorRoomId: async (visitor) => {
      // The whole verified visitor, as the REST routes pass it (conversations checks every field).
      const chat = await calls.getVisitorChat(visitor);
      // An empty id means the visitor has not written yet, so has no room to join.
      return chat.room?.id || null;
    },
  };
}
