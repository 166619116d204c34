import type { MessageRole, NoteType } from './events';
import type { ChatMessage } from './views';

/**
 * A chat message as every reader shows it, without the product cards (the gateway fills those
 * from content): the one mapping of a message to its view, used by conversations' answers, the
 * gateway's socket events and the dashboard's chat window. Absent values are null.
 */
export type MessageView = Omit<ChatMessage, 'products'>;

/** A posted message as the room's state and the MessagePosted event hold it (absent: undefined). */
export interface PostedMessageFacts {
  id: string;
  clientId?: string;
  role: MessageRole;
  content: string;
  teamMemberId?: string;
  teamMemberName?: string;
  isNote: boolean;
  noteType?: NoteType;
  link?: string;
  checkoutProductId?: string;
  postedAt: string;
  /** Left with the widget's offline form, outside business hours. */
  offline?: boolean;
}

/** A posted message's view; `seen` is the reader's to say (the room's read marks). */
export function messageViewOf(m: PostedMessageFacts, seen: boolean): MessageView {
  return {
    id: m.id,
    role: m.role,
    content: m.content,
    createdAt: m.postedAt,
    teamMemberId: m.teamMemberId ?? null,
    teamMemberName: m.teamMemberName ?? null,
    isNote: m.isNote,
    noteType: m.noteType ?? null,
    link: m.link ?? null,
    checkoutProductId: m.checkoutProductId ?? null,
    seen,
    clientId: m.clientId ?? null,
    ...(m.offline ? { offline: true } : {}),
  };
}

/** A message read back from the API or a socket, where an absent value may be missing, null or ''. */
export interface MessageViewInput {
  id: string;
  role: MessageRole;
  content: string;
  createdAt: string;
  teamMemberId?: string | null;
  teamMemberName?: string | null;
  isNote: boolean;
  noteType?: NoteType | null;
  link?: string | null;
  checkoutProductId?: string | null;
  seen: boolean;
  clientId?: string | null;
  offline?: boolean | null;
}

/** The same view of a message that went over the wire. */
export function messageViewFromWire(m: MessageViewInput): MessageView {
  return {
    id: m.id,
    role: m.role,
    content: m.content,
    createdAt: m.createdAt,
    teamMemberId: m.teamMemberId ?? null,
    teamMemberName: m.teamMemberName ?? null,
    isNote: m.isNote,
    noteType: m.noteType ?? null,
    link: m.link ?? null,
    checkoutProductId: m.checkoutProductId || null,
    seen: m.seen,
    // '' and null both mean none; '' must never match another message's empty key.
    clientId: m.clientId || null,
    ...(m.offline ? { offline: true } : {}),
  };
}
