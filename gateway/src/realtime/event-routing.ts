import {
  CHAT_GLOBAL_CHANNEL,
  ConversationsEvent,
  liveModeChangedSchema,
  messageViewOf,
  messagePostedSchema,
  modeChannel,
  RealtimeEventName,
  roomChannel,
  roomOpenedSchema,
  roomSeenSchema,
  roomSharedSchema,
  type ChatMessage,
  type MessagePosted,
  type ProductCard,
  type RoomAudience,
  type RoomSummaryPatch,
} from '@parley/contracts';
import { InternalRoom } from './channels';

/** One socket event for one internal room; `channel` is what the client subscribed to. */
export interface Emission {
  room: string;
  channel: string;
  event: string;
  data: unknown;
}

/** The spec's widget-side message shape, with the cards of its products (in the message's order). */
export function chatMessageOf(m: MessagePosted, cards: readonly ProductCard[] = []): ChatMessage {
  return {
    ...messageViewOf({ ...m, id: m.messageId }, false),
    products: m.productIds.flatMap((id) => cards.find((card) => card.id === id) ?? []),
    // Only a product whose card content gave for the message's domain: never another domain's.
    checkoutProductId:
      m.checkoutProductId && cards.some((card) => card.id === m.checkoutProductId)
        ? m.checkoutProductId
        : null,
  };
}

function patchOf(roomId: string, audience: RoomAudience, at: string, extra: Partial<RoomSummaryPatch> = {}) {
  const patch: RoomSummaryPatch = {
    id: roomId,
    domainId: audience.domainId,
    customerId: audience.customerId,
    sharedWith: audience.sharedWith,
    updatedAt: at,
    ...extra,
  };
  return patch;
}

/** chat-global of everyone on the team who sees the room: the account's owners/admins and the agents it is shared with. */
function toTeamGlobal(audience: RoomAudience, event: string, data: unknown): Emission[] {
  return [
    InternalRoom.accountGlobal(audience.accountId),
    ...audience.sharedWith.map((userId) => InternalRoom.agentGlobal(userId)),
  ].map((room) => ({ room, channel: CHAT_GLOBAL_CHANNEL, event, data }));
}

/** A message to both sides of its room (notes to the team's only) and the team's chat lists. */
function messageEmissions(m: MessagePosted, cards: readonly ProductCard[]): Emission[] {
  const message = chatMessageOf(m, cards);
  const channel = roomChannel(m.roomId);
  const out: Emission[] = [
    {
      room: InternalRoom.room(m.roomId, 'team'),
      channel,
      event: RealtimeEventName.chatMessage,
      data: message,
    },
  ];
  // Notes are the team's: the visitor's internal room never gets them.
  if (!m.isNote) {
    out.push({
      room: InternalRoom.room(m.roomId, 'visitor'),
      channel,
      event: RealtimeEventName.chatMessage,
      data: message,
    });
  }
  const room = patchOf(m.roomId, m.audience, m.postedAt, {
    lastMessage: message,
    // Unread waits for the team: the customer's message sets it, a team reply clears it, the
    // assistant's and system messages and notes leave it as it was.
    ...(m.isNote || (m.author !== 'visitor' && m.author !== 'team')
      ? {}
      : { unread: m.author === 'visitor' }),
  });
  // A customer's message carries its row's patch itself: a chat-list-update beside it would
  // patch the same row with the same fields, one more frame to every dashboard per message.
  if (m.author === 'visitor')
    out.push(...toTeamGlobal(m.audience, RealtimeEventName.customerMessage, { room, message }));
  else out.push(...toTeamGlobal(m.audience, RealtimeEventName.chatListUpdate, { room }));
  return out;
}

/** What the relay does with one conversations event, read (and checked) once. */
export interface RoutedEvent {
  /** A message naming products: the domain and the ids whose cards its emissions carry. */
  products?: { domainId: string; ids: string[] };
  /** An agent the room was unshared from, no longer in its audience: their sockets must leave it. */
  revoke?: { userId: string; roomId: string };
  /** The socket events it causes, given the cards of `products` (none for other events). */
  emissions(cards?: readonly ProductCard[]): Emission[];
}

const NOTHING: RoutedEvent = { emissions: () => [] };
const fixed = (emissions: Emission[]): RoutedEvent => ({ emissions: () => emissions });

/**
 * A conversations event -> the socket events it causes, by the `audience` it carries (no reads:
 * replicas relay in parallel and must not depend on each other's state). Unknown or unreadable
 * events cause nothing. Pure: a message's product cards are fetched by the caller, between
 * reading the event and asking for its emissions.
 */
export function routeEvent(type: string, data: unknown): RoutedEvent {
  switch (type) {
    case ConversationsEvent.MessagePosted: {
      const parsed = messagePostedSchema.safeParse(data);
      if (!parsed.success) return NOTHING;
      const m = parsed.data;
      return {
        ...(m.productIds.length ? { products: { domainId: m.audience.domainId, ids: m.productIds } } : {}),
        emissions: (cards = []) => messageEmissions(m, cards),
      };
    }
    case ConversationsEvent.RoomOpened: {
      const parsed = roomOpenedSchema.safeParse(data);
      if (!parsed.success) return NOTHING;
      const { roomId, audience, openedAt } = parsed.data;
      const room = patchOf(roomId, audience, openedAt, {
        createdAt: openedAt,
        live: false,
        mailed: false,
        lastMessage: null,
        unread: false,
        messageCount: 0,
      });
      return fixed(toTeamGlobal(audience, RealtimeEventName.newConversation, { room }));
    }
    case ConversationsEvent.LiveModeChanged: {
      const parsed = liveModeChangedSchema.safeParse(data);
      if (!parsed.success) return NOTHING;
      const { roomId, audience, live, changedAt } = parsed.data;
      const mode = { roomId, live };
      return fixed([
        {
          room: InternalRoom.mode(roomId),
          channel: modeChannel(roomId),
          event: RealtimeEventName.modeChange,
          data: mode,
        },
        ...(['team', 'visitor'] as const).map((side) => ({
          room: InternalRoom.room(roomId, side),
          channel: roomChannel(roomId),
          event: RealtimeEventName.realtimeMode,
          data: mode,
        })),
        ...toTeamGlobal(audience, RealtimeEventName.chatListUpdate, {
          room: patchOf(roomId, audience, changedAt, { live }),
        }),
      ]);
    }
    case ConversationsEvent.RoomSeen: {
      const parsed = roomSeenSchema.safeParse(data);
      if (!parsed.success) return NOTHING;
      const { roomId, audience, by, seenAt } = parsed.data;
      // The list's unread flag is about the customer's messages: only the team's reading clears it.
      const extra = by === 'team' ? { unread: false } : {};
      return fixed(
        toTeamGlobal(audience, RealtimeEventName.chatListUpdate, {
          room: patchOf(roomId, audience, seenAt, extra),
        }),
      );
    }
    case ConversationsEvent.RoomShared:
    case ConversationsEvent.RoomUnshared: {
      const parsed = roomSharedSchema.safeParse(data);
      if (!parsed.success) return NOTHING;
      const { roomId, audience, memberId, at } = parsed.data;
      const shared = type === ConversationsEvent.RoomShared;
      const status = { roomId, memberId, shared };
      const room = patchOf(roomId, audience, at);
      const out: Emission[] = [
        {
          room: InternalRoom.accountGlobal(audience.accountId),
          channel: CHAT_GLOBAL_CHANNEL,
          event: RealtimeEventName.shareStatusChanged,
          data: status,
        },
        {
          room: InternalRoom.agentGlobal(memberId),
          channel: CHAT_GLOBAL_CHANNEL,
          event: RealtimeEventName.shareStatusChanged,
          data: status,
        },
        ...toTeamGlobal(audience, RealtimeEventName.chatListUpdate, { room }),
      ];
      // An unshared agent is no longer in the audience, but their list must drop the row (and
      // their sockets the room).
      if (shared || audience.sharedWith.includes(memberId)) return fixed(out);
      out.push({
        room: InternalRoom.agentGlobal(memberId),
        channel: CHAT_GLOBAL_CHANNEL,
        event: RealtimeEventName.chatListUpdate,
        data: { room },
      });
      return { ...fixed(out), revoke: { userId: memberId, roomId } };
    }
    default:
      return NOTHING;
  }
}
