import type { Folded } from '@parley/eventstore';
import type { MessageAuthor, MessageRole, NoteType, RoomAudience } from '@parley/contracts';
import type { RoomEvent } from './events';
import { RoomEventType as T } from './events';

export interface RoomMessage {
  id: string;
  clientId?: string;
  role: MessageRole;
  author: MessageAuthor;
  content: string;
  teamMemberId?: string;
  teamMemberName?: string;
  isNote: boolean;
  noteType?: NoteType;
  link?: string;
  productIds: string[];
  checkoutProductId?: string;
  /** Left with the widget's offline form, outside business hours (issue 17). */
  offline?: boolean;
  postedAt: string;
}

export interface RoomState {
  status: 'none' | 'open';
  roomId: string;
  accountId: string;
  domainId: string;
  customerId: string;
  sharedWith: string[];
  live: boolean;
  mailed: boolean;
  openedAt: string;
  /** The visitor key (its hash) whose first message opened the room; null on older rooms. */
  openedByKey: string | null;
  messages: RoomMessage[];
  /** `<author>:<clientId>` -> index in messages: a retried send finds its message. */
  byClientId: Record<string, number>;
  /** Index of the last customer message the team has seen (-1: none). */
  seenByTeam: number;
  /** Index of the last team/bot/system message the visitor has seen (-1: none). */
  seenByVisitor: number;
}

export const initialRoomState: RoomState = {
  status: 'none',
  roomId: '',
  accountId: '',
  domainId: '',
  customerId: '',
  sharedWith: [],
  live: false,
  mailed: false,
  openedAt: '',
  openedByKey: null,
  messages: [],
  byClientId: {},
  seenByTeam: -1,
  seenByVisitor: -1,
};

export const clientKey = (author: MessageAuthor, clientId: string): string => `${author}:${clientId}`;

/** The customer's messages are the visitor's; everything else (team, bot, system) is the other side. */
export const isCustomerMessage = (m: Pick<RoomMessage, 'author'>): boolean => m.author === 'visitor';

export function audienceOf(state: RoomState): RoomAudience {
  return {
    accountId: state.accountId,
    domainId: state.domainId,
    customerId: state.customerId,
    sharedWith: [...state.sharedWith],
  };
}

/** Whether the other side has seen message `index`. */
export function isSeen(state: RoomState, index: number): boolean {
  const m = state.messages[index];
  if (!m) return false;
  return isCustomerMessage(m) ? index <= state.seenByTeam : index <= state.seenByVisitor;
}

/** The latest message is the customer's and the team has not seen it. */
/**
 * Unread for the team (spec "a chat is unread when its latest message is not seen"): the
 * customer's latest message is not seen by the team and no team member wrote after it. The
 * assistant's and the system's messages and the team's notes change nothing: a chat the bot
 * answered still waits for the team's eyes.
 */
export function isUnread(state: RoomState): boolean {
  for (let i = state.messages.length - 1; i > state.seenByTeam; i--) {
    const m = state.messages[i]!;
    if (isCustomerMessage(m)) return true;
    if (m.author === 'team' && !m.isNote) return false;
  }
  return false;
}

export function evolveRoom(state: Folded<RoomState>, event: RoomEvent): Folded<RoomState> {
  switch (event.type) {
    case T.Opened: {
      const a = event.data.audience;
      return {
        ...state,
        status: 'open',
        roomId: event.data.roomId,
        accountId: a.accountId,
        domainId: a.domainId,
        customerId: a.customerId,
        sharedWith: [...a.sharedWith],
        openedAt: event.data.openedAt,
        openedByKey: event.data.keyId ?? null,
      };
    }
    case T.MessagePosted: {
      const d = event.data;
      const message: RoomMessage = {
        id: d.messageId,
        role: d.role,
        author: d.author,
        content: d.content,
        isNote: d.isNote,
        productIds: [...d.productIds],
        postedAt: d.postedAt,
        ...(d.clientId ? { clientId: d.clientId } : {}),
        ...(d.teamMemberId ? { teamMemberId: d.teamMemberId } : {}),
        ...(d.teamMemberName ? { teamMemberName: d.teamMemberName } : {}),
        ...(d.noteType ? { noteType: d.noteType } : {}),
        ...(d.link ? { link: d.link } : {}),
        ...(d.checkoutProductId ? { checkoutProductId: d.checkoutProductId } : {}),
        ...(d.offline ? { offline: true } : {}),
      };
      const index = state.messages.length;
      return {
        ...state,
        messages: [...state.messages, message],
        byClientId: d.clientId
          ? { ...state.byClientId, [clientKey(d.author, d.clientId)]: index }
          : state.byClientId,
      };
    }
    case T.LiveModeChanged:
      return { ...state, live: event.data.live };
    case T.Seen: {
      const index = state.messages.findIndex((m) => m.id === event.data.upToMessageId);
      if (index < 0) return state;
      return event.data.by === 'team'
        ? { ...state, seenByTeam: Math.max(state.seenByTeam, index) }
        : { ...state, seenByVisitor: Math.max(state.seenByVisitor, index) };
    }
    case T.Shared:
    case T.Unshared:
      return { ...state, sharedWith: [...event.data.audience.sharedWith] };
    case T.Mailed:
      return { ...state, mailed: true };
    case T.Reassigned:
      return { ...state, customerId: event.data.audience.customerId };
    default:
      return state;
  }
}
