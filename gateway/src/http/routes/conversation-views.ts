import type {
  Booking,
  ChatMessage,
  MessageRole,
  NoteType,
  OwnerMessage,
  ProductCard,
  RoomSummary,
} from '@parley/contracts';
import type { ContentClient, ContentItem } from '../../clients/content-client';
import type {
  Booking__Output,
  ChatMessage__Output,
  CustomerAnswer__Output,
  Room__Output,
  VisitorSession__Output,
} from '../../clients/conversations-client';
import type { CallContext } from '../../clients/call-context';
import type { IssuedVisitorToken } from '../../auth/visitor-token';
import { imageUrl } from './content-item-routes';

/** proto leaves unset strings empty; the API says null. */
const orNull = (v: string | undefined | null): string | null => (v ? v : null);

export type ProductCards = ReadonlyMap<string, ProductCard>;

export function productCard(item: ContentItem): ProductCard {
  const body = item.body as {
    name?: string;
    images?: string[];
    price?: number;
    hasDiscount?: boolean;
    discountedPrice?: number;
    productUrl?: string;
  };
  const image = body.images?.[0];
  return {
    id: item.id,
    name: body.name ?? '',
    image: image ? imageUrl(image) : null,
    price: body.price ?? 0,
    hasDiscount: Boolean(body.hasDiscount),
    discountedPrice: body.hasDiscount ? (body.discountedPrice ?? null) : null,
    productUrl: orNull(body.productUrl),
  };
}

/**
 * The cards of every product the messages name, in one call to content for the domain; a product
 * deleted since is simply not shown.
 */
export async function productCardsFor(
  content: ContentClient,
  domainId: string,
  messages: ReadonlyArray<ChatMessage__Output | null | undefined>,
  context?: CallContext,
): Promise<ProductCards> {
  const ids = [...new Set(messages.flatMap((m) => m?.productIds ?? []))];
  if (ids.length === 0 || !domainId) return new Map();
  const items = await content.getPublicItems('product', domainId, ids.slice(0, 100), context);
  return new Map(items.map((item) => [item.id, productCard(item)]));
}

const cardsOf = (m: ChatMessage__Output, cards: ProductCards): ProductCard[] =>
  m.productIds.flatMap((id) => cards.get(id) ?? []);

/**
 * The product a purchase reply opens the payment flow for, only when its card was found: content
 * answers only the room's domain's published products, so another domain's id (or a product
 * deleted since) opens nothing.
 */
export const checkoutOf = (id: string | undefined | null, cards: ProductCards): string | null =>
  id && cards.has(id) ? id : null;

export const chatMessageView = (m: ChatMessage__Output, cards: ProductCards): ChatMessage => ({
  id: m.id,
  role: m.role as MessageRole,
  content: m.content,
  createdAt: m.createdAt,
  teamMemberId: orNull(m.teamMemberId),
  teamMemberName: orNull(m.teamMemberName),
  isNote: m.isNote,
  noteType: orNull(m.noteType) as NoteType | null,
  link: orNull(m.link),
  products: cardsOf(m, cards),
  checkoutProductId: checkoutOf(m.checkoutProductId, cards),
  seen: m.seen,
  clientId: orNull(m.clientId),
  ...(m.offline ? { offline: true } : {}),
});

/** The spec's owner-side Message: `message` for the text, team member fields only when there is one. */
export function ownerMessageView(m: ChatMessage__Output, cards: ProductCards): OwnerMessage {
  const view: OwnerMessage = {
    id: m.id,
    message: m.content,
    role: m.role as MessageRole,
    createdAt: m.createdAt,
    seen: m.seen,
    isNote: m.isNote,
    noteType: orNull(m.noteType) as NoteType | null,
    link: orNull(m.link),
    products: cardsOf(m, cards),
    clientId: orNull(m.clientId),
  };
  if (m.teamMemberId) view.teamMemberId = m.teamMemberId;
  if (m.teamMemberName) view.teamMemberName = m.teamMemberName;
  const decision = decisionOf(m.decisionJson);
  if (decision) view.decision = decision;
  if (m.offline) view.offline = true;
  return view;
}

/** The service stores only JSON objects; anything else is dropped rather than shown broken. */
function decisionOf(json: string | undefined): Record<string, unknown> | null {
  if (!json) return null;
  try {
    const parsed: unknown = JSON.parse(json);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

export const roomSummaryView = (r: Room__Output, cards: ProductCards = new Map()): RoomSummary => ({
  id: r.id,
  domainId: r.domainId,
  domain: r.domain,
  customerId: r.customerId,
  customerEmail: orNull(r.customerEmail),
  live: r.live,
  mailed: r.mailed,
  sharedWith: r.sharedWith,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
  lastMessage: r.lastMessage?.id ? chatMessageView(r.lastMessage, cards) : null,
  unread: r.unread,
  messageCount: r.messageCount,
});

/** List rows with their last messages' product cards: one content call per domain in the list. */
/** Whether a page of rooms shows product cards (a last message offering products). */
export const needsProductCards = (rooms: readonly Room__Output[]): boolean =>
  rooms.some((room) => (room.lastMessage?.productIds.length ?? 0) > 0);

export async function roomSummariesView(
  content: ContentClient,
  rooms: Room__Output[],
  context?: CallContext,
): Promise<RoomSummary[]> {
  const byDomain = new Map<string, ChatMessage__Output[]>();
  for (const room of rooms) {
    if (!room.lastMessage?.productIds.length) continue;
    byDomain.set(room.domainId, [...(byDomain.get(room.domainId) ?? []), room.lastMessage]);
  }
  const cards = new Map<string, ProductCard>();
  await Promise.all(
    [...byDomain].map(async ([domainId, messages]) => {
      for (const [id, card] of await productCardsFor(content, domainId, messages, context))
        cards.set(id, card);
    }),
  );
  return rooms.map((room) => roomSummaryView(room, cards));
}

/** A booking as its visitor is answered (POST /api/widget/bookings). */
export interface VisitorBookingView {
  id: string;
  customerId: string;
  domainId: string;
  appointmentTypeId: string | null;
  appointmentName: string;
  date: string;
  slot: string;
  email: string;
  name: string;
  createdAt: string;
}

export const visitorBookingView = (b: Booking__Output): VisitorBookingView => ({
  id: b.id,
  customerId: b.customerId,
  domainId: b.domainId,
  appointmentTypeId: orNull(b.appointmentTypeId),
  appointmentName: b.appointmentName,
  date: b.date,
  slot: b.slot,
  email: b.email,
  name: b.name,
  createdAt: b.createdAt,
});

/** A booking as the team reads it (the list, the insights panel): with its domain and conversation. */
export const bookingView = (b: Booking__Output): Booking => ({
  ...visitorBookingView(b),
  domain: b.domain,
  roomId: orNull(b.roomId),
});

export const customerAnswerView = (a: CustomerAnswer__Output) => ({
  questionId: a.questionId,
  question: a.question,
  answer: a.answer,
  answeredAt: a.answeredAt,
});

export interface WidgetSessionView {
  token: string;
  expiresAt: string;
  customerId: string;
  domainId: string;
  roomId: string | null;
  visitorKey: string;
  email: string | null;
}

export const widgetSessionView = (
  session: VisitorSession__Output,
  issued: IssuedVisitorToken,
): WidgetSessionView => ({
  token: issued.token,
  expiresAt: issued.expiresAt,
  customerId: session.customerId,
  domainId: session.domainId,
  roomId: orNull(session.roomId),
  visitorKey: session.visitorKey,
  email: orNull(session.email),
});

/** Spec "Team presence": a team member active lately (lastActive as ISO 8601). */
export interface TeamPresence {
  id: string;
  name: string;
  lastActive: string;
}
