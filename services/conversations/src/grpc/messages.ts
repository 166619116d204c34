import type { CustomerAnswer } from '../domain/customer/events';
import type { MessageView, RoomView } from '../app/views';
import type { VisitorSessionView } from '../app/visitor-session';
import type { BookingView } from '../projections/queries';
import type { CustomerDetailView } from '../app/team';

/** proto ChatMessage: absent values are empty strings. */
export const chatMessage = (m: MessageView) => ({
  id: m.id,
  role: m.role,
  content: m.content,
  createdAt: m.createdAt,
  teamMemberId: m.teamMemberId ?? '',
  teamMemberName: m.teamMemberName ?? '',
  isNote: m.isNote,
  noteType: m.noteType ?? '',
  link: m.link ?? '',
  productIds: m.productIds,
  checkoutProductId: m.checkoutProductId ?? '',
  seen: m.seen,
  clientId: m.clientId ?? '',
  decisionJson: m.decision ? JSON.stringify(m.decision) : '',
  offline: m.offline === true,
});

/**
 * Rooms as one JSON text in bytes (RoomList.rooms_json): the objects roomMessage makes already
 * have every field proto-loader would hand over, and V8's JSON writer (and the gateway's reader)
 * cost a fraction of encoding and decoding them field by field.
 */
export const jsonBytes = (messages: readonly object[]): Buffer => Buffer.from(JSON.stringify(messages));

export const roomMessage = (r: RoomView) => ({
  id: r.id,
  domainId: r.domainId,
  domain: r.domain,
  customerId: r.customerId,
  customerEmail: r.customerEmail ?? '',
  live: r.live,
  mailed: r.mailed,
  sharedWith: r.sharedWith,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
  lastMessage: r.lastMessage ? chatMessage(r.lastMessage) : null,
  unread: r.unread,
  messageCount: r.messageCount,
});

export const sessionMessage = (s: VisitorSessionView) => ({
  customerId: s.customerId,
  domainId: s.domainId,
  accountId: s.accountId,
  visitorKey: s.visitorKey,
  roomId: s.roomId ?? '',
  email: s.email ?? '',
  keyId: s.keyId,
});

export const answersMessage = (answers: CustomerAnswer[]) => ({ answers });

export const bookingMessage = (b: BookingView) => ({ ...b, roomId: b.roomId ?? '' });

export const customerDetailMessage = (c: CustomerDetailView) => ({
  customerId: c.customerId,
  email: c.email ?? '',
  answers: c.answers,
  bookings: c.bookings.map(bookingMessage),
  createdAt: c.createdAt,
});
