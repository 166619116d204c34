import { z } from 'zod';

/**
 * Conversations' events (stream CONVERSATIONS, subjects conversations.<aggregate>.<id>).
 * Aggregates: room (conversations.room.<roomId>), customer (conversations.customer.<customerId>),
 * email claim (conversations.email.<hash of domainId+email>), slot (conversations.slot.<hash of
 * domainId+date+slot>). The room events below are public: the gateway's realtime relay and the
 * assistant consume them. Every room event carries `audience`, the room's routing facts at the
 * time of the event, so a consumer routes it without reading anything else and without caring
 * in which order parallel consumers see events.
 */
export const ConversationsEvent = {
  RoomOpened: 'conversations.RoomOpened',
  MessagePosted: 'conversations.MessagePosted',
  LiveModeChanged: 'conversations.LiveModeChanged',
  RoomSeen: 'conversations.RoomSeen',
  RoomShared: 'conversations.RoomShared',
  RoomUnshared: 'conversations.RoomUnshared',
  RoomMailed: 'conversations.RoomMailed',
  RoomReassigned: 'conversations.RoomReassigned',
  CustomerRegistered: 'conversations.CustomerRegistered',
  CustomerEmailSet: 'conversations.CustomerEmailSet',
  CustomerAnswersSaved: 'conversations.CustomerAnswersSaved',
  ArticleFeedbackGiven: 'conversations.ArticleFeedbackGiven',
  AppointmentBooked: 'conversations.AppointmentBooked',
} as const;
export type ConversationsEventType = (typeof ConversationsEvent)[keyof typeof ConversationsEvent];

export const roomAudienceSchema = z.object({
  accountId: z.string(),
  domainId: z.string(),
  customerId: z.string(),
  /** Team members (user ids) the room is shared with, after this event. */
  sharedWith: z.array(z.string()),
});
export type RoomAudience = z.infer<typeof roomAudienceSchema>;

export const roomOpenedSchema = z.object({
  roomId: z.string(),
  audience: roomAudienceSchema,
  openedAt: z.string(),
  /**
   * SHA-256 (hex) of the visitor key whose first message opened the room (never the key): what
   * the visitor later writes in it (their email) is theirs to see again. Absent on older rooms.
   */
  keyId: z.string().optional(),
});
export type RoomOpened = z.infer<typeof roomOpenedSchema>;

export const NOTE_TYPES = ['internal', 'transfer'] as const;
export type NoteType = (typeof NOTE_TYPES)[number];

export const MESSAGE_ROLES = ['user', 'assistant'] as const;
export type MessageRole = (typeof MESSAGE_ROLES)[number];

/** Who wrote a message: the visitor, the bot, a team member, or the system (mode changes). */
export const MESSAGE_AUTHORS = ['visitor', 'bot', 'team', 'system'] as const;
export type MessageAuthor = (typeof MESSAGE_AUTHORS)[number];

export const messagePostedSchema = z.object({
  roomId: z.string(),
  audience: roomAudienceSchema,
  messageId: z.string(),
  /** The sender's idempotency key, echoed to the sender so it can replace its optimistic copy. */
  clientId: z.string().optional(),
  role: z.enum(MESSAGE_ROLES),
  author: z.enum(MESSAGE_AUTHORS),
  content: z.string(),
  teamMemberId: z.string().optional(),
  teamMemberName: z.string().optional(),
  isNote: z.boolean(),
  noteType: z.enum(NOTE_TYPES).optional(),
  link: z.string().optional(),
  productIds: z.array(z.string()),
  /** The bot's reply to a visitor who wants to buy: the product (one of productIds) to pay for. */
  checkoutProductId: z.string().optional(),
  /** Issue 5: why the bot said it (engine, source, intent, handoff reason); opaque here. */
  decision: z.record(z.string(), z.unknown()).optional(),
  /**
   * Issue 17: the visitor left it with the widget's offline form, outside business hours. The
   * assistant does not answer it; the owner is mailed once per room.
   */
  offline: z.boolean().optional(),
  postedAt: z.string(),
});
export type MessagePosted = z.infer<typeof messagePostedSchema>;

export const liveModeChangedSchema = z.object({
  roomId: z.string(),
  audience: roomAudienceSchema,
  live: z.boolean(),
  /** The team member who switched it, or 'assistant' for a handoff. */
  changedBy: z.string(),
  reason: z.string().optional(),
  changedAt: z.string(),
});
export type LiveModeChanged = z.infer<typeof liveModeChangedSchema>;

export const roomSeenSchema = z.object({
  roomId: z.string(),
  audience: roomAudienceSchema,
  /** team: the customer's messages were seen; visitor: the team's/bot's messages were seen. */
  by: z.enum(['team', 'visitor']),
  /** Every message of the other side up to and including this one is seen. */
  upToMessageId: z.string(),
  seenAt: z.string(),
});
export type RoomSeen = z.infer<typeof roomSeenSchema>;

export const roomSharedSchema = z.object({
  roomId: z.string(),
  audience: roomAudienceSchema,
  memberId: z.string(),
  sharedBy: z.string(),
  at: z.string(),
});
export type RoomShared = z.infer<typeof roomSharedSchema>;
export type RoomUnshared = RoomShared;

export const roomMailedSchema = z.object({
  roomId: z.string(),
  audience: roomAudienceSchema,
  mailedAt: z.string(),
});
export type RoomMailed = z.infer<typeof roomMailedSchema>;

/** The room now belongs to another customer (the visitor gave an email another customer has). */
export const roomReassignedSchema = z.object({
  roomId: z.string(),
  audience: roomAudienceSchema,
  fromCustomerId: z.string(),
  at: z.string(),
});
export type RoomReassigned = z.infer<typeof roomReassignedSchema>;

/**
 * A visitor booked an appointment slot (subject conversations.slot.<hash of domainId, date and
 * slot>: of two visitors booking one slot at once exactly one append succeeds). Notifications
 * reacts to it (the BOOKING notification and the owner's mail); conversations' read model lists it.
 */
export const appointmentBookedSchema = z.object({
  bookingId: z.string(),
  /** The customer at the time (a later email merge moves the booking with them). */
  customerId: z.string(),
  /** The account, which is its owner's user id. */
  accountId: z.string(),
  domainId: z.string(),
  /** Empty for the default appointment. */
  appointmentTypeId: z.string(),
  appointmentName: z.string(),
  /** YYYY-MM-DD, in the slot's own calendar (no time zone). */
  date: z.string(),
  /** One of BOOKING_SLOTS ('9:00am'). */
  slot: z.string(),
  email: z.string(),
  name: z.string(),
  bookedAt: z.string(),
  /**
   * The booking visitor's conversation: the room they chat in, or, before their first message,
   * the room it will open (so a chat that follows the booking is linked to it). Null or absent:
   * none (bookings recorded before rooms were linked).
   */
  roomId: z.string().nullable().optional(),
  /** Team members that room was shared with at the time (they see its bookings). */
  sharedWith: z.array(z.string()).optional(),
});
export type AppointmentBooked = z.infer<typeof appointmentBookedSchema>;
