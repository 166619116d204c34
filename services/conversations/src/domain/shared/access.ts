import { noRoomAccess, roomNotFound } from './errors';

/** Who acts on a room. The gateway names team callers and visitors; the assistant calls as `service`. */
export type Actor =
  | { kind: 'team'; userId: string; role: string; accountId: string }
  | { kind: 'visitor'; customerId: string; domainId: string }
  | { kind: 'service' };

/** The facts of a room that decide who may reach it. */
export interface RoomScope {
  accountId: string;
  domainId: string;
  customerId: string;
  sharedWith: readonly string[];
}

export type RoomAccess = 'granted' | 'not_found' | 'forbidden';

export const isManager = (role: string): boolean => role === 'OWNER' || role === 'ADMIN';

/**
 * OWNER/ADMIN reach every room of their account, an AGENT only rooms shared with them; another
 * account's room is not found (it must not be told apart from a missing one). A visitor reaches
 * only their own customer's rooms of their domain.
 */
export function roomAccess(room: RoomScope, actor: Actor): RoomAccess {
  switch (actor.kind) {
    case 'service':
      return 'granted';
    case 'visitor':
      return room.customerId === actor.customerId && room.domainId === actor.domainId
        ? 'granted'
        : 'not_found';
    case 'team':
      if (room.accountId !== actor.accountId) return 'not_found';
      if (isManager(actor.role) || room.sharedWith.includes(actor.userId)) return 'granted';
      return 'forbidden';
  }
}

export function ensureRoomAccess(room: RoomScope, actor: Actor): void {
  const access = roomAccess(room, actor);
  if (access === 'not_found') throw roomNotFound();
  if (access === 'forbidden') throw noRoomAccess();
}
