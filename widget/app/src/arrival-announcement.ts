import { isPending } from '@parley/chat-display';
import type { ChatMessage } from '@parley/contracts';

/**
 * What the panel's polite live region says about replies that arrive while the visitor is on
 * another tab than Chat (the chat's own log announces them there). Pure: the App keeps the state.
 */
export interface ArrivalState {
  /** The newest message time already accounted for: older ones (a history re-read) say nothing. */
  newestAt: number;
  /** Replies announced since the visitor last had the Chat tab in front of them. */
  unheard: number;
  text: string;
}

export const initialArrivals = (messages: readonly ChatMessage[]): ArrivalState => ({
  newestAt: newestTime(messages),
  unheard: 0,
  text: '',
});

function newestTime(messages: readonly ChatMessage[]): number {
  let newest = 0;
  for (const m of messages) if (!isPending(m)) newest = Math.max(newest, Date.parse(m.createdAt) || 0);
  return newest;
}

/** Who a reply is from, as the chat shows it: the team member, else 'Support', else the assistant's site. */
const senderOf = (m: ChatMessage, siteName: string) =>
  m.teamMemberName || (m.teamMemberId ? 'Support' : siteName);

/**
 * The state after `messages` changed. On the Chat tab nothing is said and the count starts over;
 * elsewhere each new reply (from the team or the assistant, newer than any seen) changes the text
 * once, so a screen reader reads it once: 'New message from Ada', then '2 new messages, the
 * latest from Ada'.
 */
export function nextArrivals(
  state: ArrivalState,
  messages: readonly ChatMessage[],
  onChatTab: boolean,
  siteName: string,
): ArrivalState {
  const newestAt = Math.max(state.newestAt, newestTime(messages));
  if (onChatTab)
    return state.unheard === 0 && state.text === ''
      ? { ...state, newestAt }
      : { newestAt, unheard: 0, text: '' };
  const arrived = messages.filter(
    (m) =>
      m.role === 'assistant' && !m.isNote && !isPending(m) && (Date.parse(m.createdAt) || 0) > state.newestAt,
  );
  const latest = arrived.at(-1);
  if (!latest) return newestAt === state.newestAt ? state : { ...state, newestAt };
  const unheard = state.unheard + arrived.length;
  const from = senderOf(latest, siteName);
  return {
    newestAt,
    unheard,
    text: unheard === 1 ? `New message from ${from}` : `${unheard} new messages, the latest from ${from}`,
  };
}
