import type { MessageRole, NoteType } from './events';

/**
 * What the API and the sockets carry. Owner side (GET /api/conversations/{id}/messages) uses
 * `OwnerMessage`; the widget and every socket event use `ChatMessage` (the spec's two shapes).
 */

/** Chat message (widget side, and socket `chat-message`). */
export interface ChatMessage {
  id: string;
  role: MessageRole;
  content: string;
  createdAt: string;
  teamMemberId: string | null;
  teamMemberName: string | null;
  isNote: boolean;
  noteType: NoteType | null;
  /** A URL, or JSON {href,title,description}; null when none. */
  link: string | null;
  products: ProductCard[];
  /**
   * The assistant's reply to a visitor who wants to buy this product (the domain takes payments):
   * the widget opens its payment flow for it. Always one of `products`: null when the product is
   * not (or no longer) one of the message's domain's.
   */
  checkoutProductId: string | null;
  seen: boolean;
  /** The sender's idempotency key, so an optimistic copy can be replaced. */
  clientId: string | null;
  /**
   * Issue 17: the visitor left it with the widget's offline form, outside the domain's business
   * hours (absent: written in hours, or business hours off).
   */
  offline?: boolean;
}

/** A product attached to a message, as the widget shows it (filled by the gateway from content). */
export interface ProductCard {
  id: string;
  name: string;
  image: string | null;
  price: number;
  hasDiscount: boolean;
  discountedPrice: number | null;
  productUrl: string | null;
}

/** Message (owner side). */
export interface OwnerMessage {
  id: string;
  message: string;
  role: MessageRole;
  createdAt: string;
  seen: boolean;
  teamMemberId?: string;
  teamMemberName?: string;
  isNote: boolean;
  noteType: NoteType | null;
  link: string | null;
  products: ProductCard[];
  clientId: string | null;
  /** Why the assistant said it (its decision record); only on the assistant's own messages. */
  decision?: Record<string, unknown>;
  /** Issue 17: the visitor left it with the offline form, outside business hours. */
  offline?: boolean;
}

/** One row of the conversation list. */
export interface RoomSummary {
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
  lastMessage: ChatMessage | null;
  unread: boolean;
  messageCount: number;
}

export const CONVERSATION_FILTERS = ['all', 'unread', 'live', 'shared'] as const;
export type ConversationFilter = (typeof CONVERSATION_FILTERS)[number];

/** The team's conversation list comes in pages of this many rooms unless the caller asks otherwise. */
export const ROOMS_PAGE_SIZE = 50;
export const ROOMS_MAX_PAGE_SIZE = 200;
/** The longest `cursor` the list takes: the ones conversations writes are well under it. */
export const ROOMS_CURSOR_MAX_LENGTH = 500;

/** The system texts the chat shows as centred pills. */
export const LIVE_SUPPORT_ENABLED_TEXT = 'Live support mode has been enabled';
export const CHAT_ENDED_TEXT = 'The chat has ended';

export const MAX_MESSAGE_LENGTH = 4000;
export const EMPTY_MESSAGE = 'Empty message';
export const MESSAGE_TOO_LONG = 'Message is too long';
