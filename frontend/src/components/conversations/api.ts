import { z } from 'zod';
import type { ConversationFilter, NoteType } from '@parley/contracts';
import { api } from '@/lib/api/client';

/**
 * The team side of docs/api/conversations.md. The shapes are the contract's views
 * (@parley/contracts conversations/views.ts), checked at the edge; unknown extra fields pass.
 */

const productCardSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  image: z.string().nullish(),
  price: z.number(),
  hasDiscount: z.boolean().optional(),
  discountedPrice: z.number().nullish(),
  productUrl: z.string().nullish(),
});

const roleSchema = z.enum(['user', 'assistant']);
const noteTypeSchema = z.enum(['internal', 'transfer']).nullish();

/** ChatMessage: the widget's shape, carried by every socket event. */
export const chatMessageSchema = z.looseObject({
  id: z.string(),
  role: roleSchema,
  content: z.string(),
  createdAt: z.string(),
  teamMemberId: z.string().nullish(),
  teamMemberName: z.string().nullish(),
  isNote: z.boolean().default(false),
  noteType: noteTypeSchema,
  link: z.string().nullish(),
  products: z.array(productCardSchema).default([]),
  seen: z.boolean().default(false),
  clientId: z.string().nullish(),
});
export type WireChatMessage = z.infer<typeof chatMessageSchema>;

/** OwnerMessage: GET /api/conversations/{id}/messages and the answer to posting one. */
export const ownerMessageSchema = z.looseObject({
  id: z.string(),
  message: z.string(),
  role: roleSchema,
  createdAt: z.string(),
  seen: z.boolean().default(false),
  teamMemberId: z.string().nullish(),
  teamMemberName: z.string().nullish(),
  isNote: z.boolean().default(false),
  noteType: noteTypeSchema,
  link: z.string().nullish(),
  products: z.array(productCardSchema).default([]),
  clientId: z.string().nullish(),
  /** The assistant's decision record; read loosely by decision.ts, never trusted as markup. */
  decision: z.record(z.string(), z.unknown()).nullish(),
  /** Issue 17: left with the widget's offline form, outside business hours. */
  offline: z.boolean().nullish(),
});
export type WireOwnerMessage = z.infer<typeof ownerMessageSchema>;

export const roomSummarySchema = z.looseObject({
  id: z.string(),
  domainId: z.string(),
  domain: z.string(),
  customerId: z.string(),
  customerEmail: z.string().nullish(),
  live: z.boolean(),
  mailed: z.boolean().default(false),
  sharedWith: z.array(z.string()).default([]),
  createdAt: z.string(),
  updatedAt: z.string(),
  lastMessage: chatMessageSchema.nullish(),
  unread: z.boolean(),
  messageCount: z.number().int().nonnegative(),
});
export type Room = z.infer<typeof roomSummarySchema>;

const roomAnswer = z.object({ data: roomSummarySchema });

const roomPageSchema = z.object({
  data: z.array(roomSummarySchema),
  // null on the last page (a gateway from before pages sent none: everything it had).
  nextCursor: z
    .string()
    .nullish()
    .transform((v) => v ?? null),
});

/** One page of the list (the gateway's default size); `cursor` is the previous page's nextCursor. */
export const listConversations = (
  filter: ConversationFilter,
  domainId?: string,
  cursor?: string,
  signal?: AbortSignal,
) => {
  const query = new URLSearchParams({ filter });
  if (domainId) query.set('domainId', domainId);
  if (cursor) query.set('cursor', cursor);
  return api(`/conversations?${query}`, { schema: roomPageSchema, signal });
};

const room = (roomId: string) => `/conversations/${encodeURIComponent(roomId)}`;

/** One room's row, for an open chat the list's loaded pages do not hold. */
export const fetchRoom = (roomId: string, signal?: AbortSignal) =>
  api(room(roomId), { schema: roomAnswer, signal });

export const fetchMessages = (roomId: string, signal?: AbortSignal) =>
  api(`${room(roomId)}/messages?include_bot=true`, {
    schema: z.object({
      messages: z.array(ownerMessageSchema),
      live: z.boolean(),
      customerEmail: z.string().nullish(),
    }),
    signal,
  });

export interface OutgoingMessage {
  content: string;
  clientId: string;
  isNote?: boolean;
  noteType?: NoteType;
}

export const postMessage = (roomId: string, message: OutgoingMessage) =>
  api(`${room(roomId)}/messages`, {
    method: 'POST',
    body: message,
    schema: z.object({ data: ownerMessageSchema }),
  });

export const setLive = (roomId: string, live: boolean) =>
  api(`${room(roomId)}/live`, { method: 'POST', body: { live }, schema: roomAnswer });

export const markSeen = (roomId: string) => api(`${room(roomId)}/seen`, { method: 'POST' });

export const reportTeamActivity = (roomId: string) =>
  api(`${room(roomId)}/team-activity`, { method: 'POST', body: {} });

export const teamPresenceSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  /** Epoch ms or an ISO time; normalised by presence.ts. */
  lastActive: z.union([z.number(), z.string()]).nullish(),
});
export type TeamPresenceRow = z.infer<typeof teamPresenceSchema>;

export const fetchPresence = (roomId: string, signal?: AbortSignal) =>
  api(`${room(roomId)}/presence`, { schema: z.object({ data: z.array(teamPresenceSchema) }), signal });

export const shareRoom = (roomId: string, memberId: string) =>
  api(`${room(roomId)}/share`, { method: 'POST', body: { memberId }, schema: roomAnswer });

export const unshareRoom = (roomId: string, memberId: string) =>
  api(`${room(roomId)}/share/${encodeURIComponent(memberId)}`, { method: 'DELETE', schema: roomAnswer });

const answerSchema = z.looseObject({
  questionId: z.string().optional(),
  question: z.string(),
  answer: z.string(),
});
const bookingSchema = z.looseObject({
  id: z.string(),
  appointmentName: z.string().nullish(),
  date: z.string(),
  slot: z.string(),
  email: z.string().nullish(),
  name: z.string().nullish(),
});
export type CustomerBooking = z.infer<typeof bookingSchema>;
export type CustomerAnswer = z.infer<typeof answerSchema>;

export const fetchCustomer = (roomId: string, signal?: AbortSignal) =>
  api(`${room(roomId)}/customer`, {
    schema: z.object({
      data: z.looseObject({
        customerId: z.string(),
        email: z.string().nullish(),
        answers: z.array(answerSchema).default([]),
        bookings: z.array(bookingSchema).default([]),
      }),
    }),
    signal,
  });

/** The members a room can be shared with: the account's active agents (GET /api/team/members). */
export const shareMemberSchema = z.looseObject({ id: z.string(), name: z.string() });
export type ShareMember = z.infer<typeof shareMemberSchema>;

export const fetchShareMembers = (signal?: AbortSignal) =>
  api('/team/members', { schema: z.object({ data: z.array(shareMemberSchema) }), signal });
