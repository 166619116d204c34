import { isPending, TEMP_ID_PREFIX } from '@parley/chat-display';
import { messageViewFromWire, type MessageView } from '@parley/contracts';
import type { WireChatMessage, WireOwnerMessage } from './api';

/**
 * The chat window's messages: one shape for both wire shapes (the owner-side history and the
 * sockets' ChatMessage), an optimistic copy not yet confirmed by the server has a temporary id (chat-display's
 * TEMP_ID_PREFIX) until the server's message replaces it by clientId.
 */
export interface ChatItem extends Omit<MessageView, 'checkoutProductId'> {
  /** Why the assistant said it; only from the owner-side history. */
  decision?: Record<string, unknown> | null;
  /** Issue 17: the visitor left it with the offline form, outside business hours. */
  offline?: boolean;
}

export function fromOwnerMessage(m: WireOwnerMessage): ChatItem {
  return {
    ...fromWire({ ...m, content: m.message }),
    decision: m.decision ?? null,
    ...(m.offline ? { offline: true } : {}),
  };
}

/** The fields both wire shapes share (the owner side calls `content` `message`). */
type WireFields = Pick<
  WireChatMessage,
  | 'id'
  | 'role'
  | 'content'
  | 'createdAt'
  | 'teamMemberId'
  | 'teamMemberName'
  | 'isNote'
  | 'noteType'
  | 'link'
  | 'seen'
  | 'clientId'
>;

export function fromChatMessage(m: WireChatMessage): ChatItem {
  return fromWire(m);
}

function fromWire(m: WireFields): ChatItem {
  // The dashboard's chat window has no payment flow: the shared view without its checkout product.
  const { checkoutProductId: _checkout, ...item } = messageViewFromWire(m);
  return item;
}

const at = (m: ChatItem) => Date.parse(m.createdAt) || 0;

/**
 * A reloaded history merged with what is shown. Messages are never taken back, so nothing shown
 * is dropped: a message that came over the socket while the history was on its way is kept
 * (the history read may predate it), as is an optimistic copy whose POST has not answered yet.
 * Server messages are ordered by time; optimistic copies stay last.
 */
export function mergeHistory(list: ChatItem[], history: ChatItem[]): ChatItem[] {
  const ids = new Set(history.map((m) => m.id));
  const clientIds = new Set(history.map((m) => m.clientId).filter(Boolean));
  const extra = list.filter((m) => !ids.has(m.id) && !(m.clientId && clientIds.has(m.clientId)));
  const confirmed = [...history, ...extra.filter((m) => !isPending(m))].sort((a, b) => at(a) - at(b));
  return [...confirmed, ...extra.filter(isPending)];
}

export function optimisticMessage(
  clientId: string,
  content: string,
  me: { id: string; name: string },
  note: 'internal' | 'transfer' | null,
  now: Date,
): ChatItem {
  return {
    id: `${TEMP_ID_PREFIX}${clientId}`,
    role: 'assistant',
    content,
    createdAt: now.toISOString(),
    teamMemberId: me.id,
    teamMemberName: me.name,
    isNote: note !== null,
    noteType: note,
    link: null,
    seen: false,
    clientId,
  };
}
