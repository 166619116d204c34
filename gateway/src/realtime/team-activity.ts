import {
  presenceChannel,
  RealtimeEventName,
  type RealtimeEnvelope,
  type TeamMemberActive,
} from '@parley/contracts';
import type { Principal } from '../auth/claims';
import type { PresenceStore } from '../presence/presence-store';
import { InternalRoom } from './channels';

export type RoomEmitter = (room: string, event: string, envelope: RealtimeEnvelope<unknown>) => void;

/**
 * "This team member is active in this room": presence (per account, ephemeral) plus
 * `team-member-active` on the room's presence channel. Used by the socket's 'team-activity' and by
 * POST /api/conversations/{id}/team-activity; both callers check the member's access to the room
 * first (the socket by its authorised subscription, the route with conversations).
 */
export type RecordTeamActivity = (principal: Principal, roomId: string) => Promise<void>;

export function createTeamActivity(options: {
  presence: PresenceStore;
  memberName(userId: string): Promise<string>;
  emit: RoomEmitter;
  now?: () => number;
}): RecordTeamActivity {
  const now = options.now ?? Date.now;
  return async (principal, roomId) => {
    const timestamp = now();
    const [, memberName] = await Promise.all([
      options.presence.touch(principal.accountId, principal.userId, timestamp),
      options.memberName(principal.userId),
    ]);
    const data: TeamMemberActive = { roomId, memberId: principal.userId, memberName, timestamp };
    options.emit(InternalRoom.presence(roomId), RealtimeEventName.teamMemberActive, {
      channel: presenceChannel(roomId),
      cursor: null,
      data,
    });
  };
}
