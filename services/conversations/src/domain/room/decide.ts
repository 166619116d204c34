import { LIVE_SUPPORT_ENABLED_TEXT } from '@parley/contracts';
import type { Decider } from '@parley/eventstore';
import { ensureRoomAccess, isManager, type Actor } from '../shared/access';
import { ownerOnly, roomNotFound } from '../shared/errors';
import { iso } from '../shared/time';
import type { NewMessage, RoomCommand } from './commands';
import type { MessagePostedEvent, RoomEvent } from './events';
import { RoomEventType as T } from './events';
import {
  audienceOf,
  clientKey,
  evolveRoom,
  initialRoomState,
  isCustomerMessage,
  type RoomState,
} from './state';

function posted(state: RoomState, message: NewMessage, at: string): MessagePostedEvent {
  const m = message;
  return {
    type: T.MessagePosted,
    data: {
      roomId: state.roomId,
      audience: audienceOf(state),
      messageId: m.messageId,
      ...(m.clientId ? { clientId: m.clientId } : {}),
      role: m.role,
      author: m.author,
      content: m.content,
      ...(m.teamMemberId ? { teamMemberId: m.teamMemberId } : {}),
      ...(m.teamMemberName ? { teamMemberName: m.teamMemberName } : {}),
      isNote: m.isNote,
      ...(m.isNote && m.noteType ? { noteType: m.noteType } : {}),
      ...(m.link ? { link: m.link } : {}),
      productIds: [...m.productIds],
      ...(m.checkoutProductId ? { checkoutProductId: m.checkoutProductId } : {}),
      ...(m.decision ? { decision: m.decision } : {}),
      ...(m.offline ? { offline: true } : {}),
      postedAt: at,
    },
  };
}

function ensureOpen(state: RoomState, actor: Actor): void {
  if (state.status !== 'open') throw roomNotFound();
  ensureRoomAccess(state, actor);
}

/** Sharing is the account managers' (the reactor for removed members calls as the service). */
function ensureMaySharing(state: RoomState, actor: Actor): void {
  ensureOpen(state, actor);
  if (actor.kind === 'visitor') throw roomNotFound();
  if (actor.kind === 'team' && !isManager(actor.role)) throw ownerOnly();
}

const actorName = (actor: Actor): string =>
  actor.kind === 'team' ? actor.userId : actor.kind === 'service' ? 'system' : actor.customerId;

export function decideRoom(command: RoomCommand, state: RoomState): RoomEvent[] {
  const at = iso(command.now);
  switch (command.type) {
    case 'PostMessage': {
      const { message, open, actor } = command;
      if (state.status === 'none') {
        if (!open) throw roomNotFound();
        const { keyId, ...where } = open;
        const opened: RoomState = {
          ...state,
          ...where,
          status: 'open',
          sharedWith: [],
          openedAt: at,
          openedByKey: keyId ?? null,
        };
        ensureRoomAccess(opened, actor);
        return [
          {
            type: T.Opened,
            data: {
              roomId: open.roomId,
              audience: audienceOf(opened),
              openedAt: at,
              ...(keyId ? { keyId } : {}),
            },
          },
          posted(opened, message, at),
        ];
      }
      ensureRoomAccess(state, actor);
      if (message.clientId && state.byClientId[clientKey(message.author, message.clientId)] !== undefined) {
        return []; // the same send, retried
      }
      return [posted(state, message, at)];
    }
    case 'SetLiveMode': {
      ensureOpen(state, command.actor);
      if (command.actor.kind === 'visitor') throw roomNotFound();
      if (state.live === command.live) return [];
      const changed: RoomEvent = {
        type: T.LiveModeChanged,
        data: {
          roomId: state.roomId,
          audience: audienceOf(state),
          live: command.live,
          changedBy: command.changedBy,
          ...(command.reason ? { reason: command.reason } : {}),
          changedAt: at,
        },
      };
      if (!command.live) return [changed];
      const notice: NewMessage = {
        messageId: command.systemMessageId,
        role: 'assistant',
        author: 'system',
        content: LIVE_SUPPORT_ENABLED_TEXT,
        isNote: false,
        productIds: [],
      };
      return [changed, posted(state, notice, at)];
    }
    case 'MarkSeen': {
      ensureOpen(state, command.actor);
      const team = command.by === 'team';
      // The team sees the customer's messages; the visitor the others', notes never reach them.
      let index = -1;
      state.messages.forEach((m, i) => {
        if (team ? isCustomerMessage(m) : !isCustomerMessage(m) && !m.isNote) index = i;
      });
      const already = team ? state.seenByTeam : state.seenByVisitor;
      const upTo = state.messages[index];
      if (!upTo || index <= already) return [];
      return [
        {
          type: T.Seen,
          data: {
            roomId: state.roomId,
            audience: audienceOf(state),
            by: command.by,
            upToMessageId: upTo.id,
            seenAt: at,
          },
        },
      ];
    }
    case 'Share':
    case 'Unshare': {
      ensureMaySharing(state, command.actor);
      const has = state.sharedWith.includes(command.memberId);
      const share = command.type === 'Share';
      if (has === share) return [];
      const sharedWith = share
        ? [...state.sharedWith, command.memberId]
        : state.sharedWith.filter((id) => id !== command.memberId);
      return [
        {
          type: share ? T.Shared : T.Unshared,
          data: {
            roomId: state.roomId,
            audience: { ...audienceOf(state), sharedWith },
            memberId: command.memberId,
            sharedBy: actorName(command.actor),
            at,
          },
        },
      ];
    }
    case 'MarkMailed':
      if (state.status !== 'open') throw roomNotFound();
      return state.mailed
        ? []
        : [{ type: T.Mailed, data: { roomId: state.roomId, audience: audienceOf(state), mailedAt: at } }];
    case 'Reassign':
      if (state.status !== 'open') throw roomNotFound();
      if (state.customerId === command.toCustomerId) return [];
      return [
        {
          type: T.Reassigned,
          data: {
            roomId: state.roomId,
            audience: { ...audienceOf(state), customerId: command.toCustomerId },
            fromCustomerId: state.customerId,
            at,
          },
        },
      ];
  }
}

export const roomDecider: Decider<RoomCommand, RoomEvent, RoomState> = {
  initialState: initialRoomState,
  evolve: evolveRoom,
  decide: decideRoom,
};
