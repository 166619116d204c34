import { messageViewOf, type MessageView as SharedMessageView } from '@parley/contracts';
import type { RoomMessage, RoomState } from '../domain/room/state';
import { isSeen, isUnread } from '../domain/room/state';

/**
 * A message as both sides read it (proto ChatMessage): the contract's chat message with product
 * ids (the gateway fills the cards from content) and, on team reads, the bot's decision record.
 */
export interface MessageView extends SharedMessageView {
  productIds: string[];
  /** Why the bot said it (issue 5); only team reads carry it. */
  decision?: Record<string, unknown> | null;
}

/** A room's list row (proto Room). */
export interface RoomView {
  id: string;
  domainId: string;
  domain: string;
  customerId: string;
  customerEmail: string | null;
  live: boolean;
  mailed: boolean;
  sharedWith: string[];
  createdAt: string;
  updatedAt: string;
  lastMessage: MessageView | null;
  unread: boolean;
  messageCount: number;
}

export function messageView(m: RoomMessage, seen: boolean): MessageView {
  return { ...messageViewOf(m, seen), productIds: [...m.productIds] };
}

/** The messages of a room from its state, oldest first; the visitor never gets notes. */
export function messagesOf(state: RoomState, forVisitor: boolean): MessageView[] {
  return state.messages.flatMap((m, i) => (forVisitor && m.isNote ? [] : [messageView(m, isSeen(state, i))]));
}

/**
 * The room's row computed from the decided state, so a command answers without waiting for the
 * read model. The visitor's copy leaves out notes, whom the room is shared with and the
 * customer's email (which may be another browser's, after a typed email merged them).
 */
export function roomViewOf(
  state: RoomState,
  context: { domain: string; customerEmail: string | null },
  forVisitor = false,
): RoomView {
  // Only the latest visible message and the count: every command answers with this view, and
  // viewing every message of a long room for it cost more than the command.
  let lastIndex = state.messages.length - 1;
  while (forVisitor && lastIndex >= 0 && state.messages[lastIndex]!.isNote) lastIndex--;
  const last = lastIndex >= 0 ? messageView(state.messages[lastIndex]!, isSeen(state, lastIndex)) : null;
  let messageCount = state.messages.length;
  if (forVisitor) for (const m of state.messages) if (m.isNote) messageCount--;
  return {
    id: state.roomId,
    domainId: state.domainId,
    domain: context.domain,
    customerId: state.customerId,
    customerEmail: forVisitor ? null : context.customerEmail,
    live: state.live,
    mailed: state.mailed,
    sharedWith: forVisitor ? [] : [...state.sharedWith],
    createdAt: state.openedAt,
    updatedAt: last?.createdAt ?? state.openedAt,
    lastMessage: last,
    unread: isUnread(state),
    messageCount,
  };
}
