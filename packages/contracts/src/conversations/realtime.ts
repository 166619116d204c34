/**
 * The realtime protocol between the gateway's Socket.IO server and its clients (dashboard and
 * widget). Channel and event names are the spec's ("Real-time channels"); the gateway maps each
 * client-visible channel to an internal Socket.IO room per audience (a visitor's `{room}` is not
 * the team's `{room}`: notes never reach the visitor), authorises every subscribe, and keeps a
 * short replay buffer per channel so a client that reconnects gets what it missed.
 *
 * Client -> server (all with an ack):
 *   'subscribe'   { channel, since? }  -> SubscribeAck. `since` is the last cursor the client saw
 *                 on that channel; events after it are emitted to the socket before the ack.
 *   'unsubscribe' { channel }          -> { ok: true }
 *   'typing'      { roomId, isTyping } -> { ok } (only on a subscribed room channel; ephemeral)
 *   'team-activity' { roomId }         -> { ok } (team only; presence, ephemeral)
 *   'visitor-message' { content, clientId? } -> VisitorMessageAck (visitor sockets only): the same
 *                 command as POST /api/widget/messages on the socket the widget already has open
 *                 (docs/api/conversations.md).
 * Every client event counts against the socket's event budget; one over it is answered
 * `{ ok: false, error: 'rate-limited', retryAfter }` ('visitor-message': the POST's 429), and a
 * socket that keeps sending at twice its budget is disconnected.
 * Server -> client: the spec's event names, each with a RealtimeEnvelope payload.
 * `user-{id}` is joined automatically at connect and carries 'notification' (the Notification
 * itself, unchanged from the notifications issue).
 */

export const CHAT_GLOBAL_CHANNEL = 'chat-global';
export const presenceChannel = (roomId: string) => `${roomId}-presence`;
export const modeChannel = (roomId: string) => `${roomId}-mode`;
/** The room's own channel is its id. */
export const roomChannel = (roomId: string) => roomId;

export const RealtimeEventName = {
  // chat-global (team only)
  chatListUpdate: 'chat-list-update',
  newConversation: 'new-conversation',
  customerMessage: 'customer-message',
  shareStatusChanged: 'share-status-changed',
  // {room}
  chatMessage: 'chat-message',
  realtimeMode: 'realtime-mode',
  typingStatus: 'typing-status',
  // {room}-presence (team only)
  teamMemberActive: 'team-member-active',
  // {room}-mode
  modeChange: 'mode-change',
} as const;
export type RealtimeEventNameValue = (typeof RealtimeEventName)[keyof typeof RealtimeEventName];

export const ClientSocketEvent = {
  subscribe: 'subscribe',
  unsubscribe: 'unsubscribe',
  typing: 'typing',
  teamActivity: 'team-activity',
  visitorMessage: 'visitor-message',
} as const;

/**
 * The answer to 'visitor-message': what POST /api/widget/messages answers, as data (its 201 body's
 * `data`) or as its error (the HTTP status and the error body's `error`; `retryAfter`, in seconds,
 * is the POST's Retry-After header when the status is 429).
 */
export type VisitorMessageAck =
  | {
      ok: true;
      /** assistantAnswers: the room is not live, so the assistant takes the message up. */
      data: { roomId: string; message: import('./views').ChatMessage; assistantAnswers: boolean };
    }
  | {
      ok: false;
      status: number;
      error: { code: string; message: string; fields?: import('../errors').FieldError[] };
      retryAfter?: number;
    };

export interface SubscribeRequest {
  channel: string;
  /** Last cursor seen on this channel (from an envelope); omit on a first subscribe. */
  since?: string;
}

export type SubscribeAck =
  | {
      ok: true;
      /** The channel's latest cursor after replay (null when nothing was ever sent on it). */
      cursor: string | null;
      /** `since` is older than the replay buffer holds: refetch over REST. */
      reset?: boolean;
    }
  | { ok: false; error: 'forbidden' | 'invalid' | 'unavailable' }
  /** The socket sent more events than its budget (docs/api/conversations.md); try again after `retryAfter` s. */
  | { ok: false; error: 'rate-limited'; retryAfter: number };

/**
 * Orders two cursors (Redis stream ids `<ms>-<seq>`: compared as numbers, not as strings). A
 * client keeps the highest cursor it has applied as its next `since`.
 */
export function compareCursors(a: string, b: string): number {
  const [am = 0, as = 0] = a.split('-').map(Number);
  const [bm = 0, bs = 0] = b.split('-').map(Number);
  return am !== bm ? am - bm : as - bs;
}

export interface RealtimeEnvelope<T> {
  channel: string;
  /** Set on replayable events (not typing/presence); monotonic per channel. */
  cursor: string | null;
  data: T;
}

export interface TypingStatus {
  roomId: string;
  isTyping: boolean;
  /** true when a team member types (shown to the visitor), false for the visitor. */
  agent: boolean;
}

export interface TeamMemberActive {
  roomId: string;
  memberId: string;
  memberName: string;
  /** Epoch ms. */
  timestamp: number;
}

export interface ModeChange {
  roomId: string;
  live: boolean;
}

/**
 * The list-row fields an event determines, built by the gateway from the event alone (no read per
 * event). Always: id, domainId, customerId, sharedWith, updatedAt; others only when the event
 * says them (a message: lastMessage, unread; a mode change: live; a new room: the whole fresh
 * row but `domain`/`customerEmail`). The client merges it into its row; for a row it does not
 * have yet it refetches the list (or shows what it has).
 */
export type RoomSummaryPatch = Pick<
  import('./views').RoomSummary,
  'id' | 'domainId' | 'customerId' | 'sharedWith' | 'updatedAt'
> &
  Partial<import('./views').RoomSummary>;

/** chat-global's events carry the room's list row after the change (as a patch, see above). */
export interface ChatListUpdate {
  room: RoomSummaryPatch;
}
/** 'new-conversation' carries the new room's row. */
export type NewConversation = ChatListUpdate;
export interface CustomerMessage {
  room: RoomSummaryPatch;
  message: import('./views').ChatMessage;
}
export interface ShareStatusChanged {
  roomId: string;
  memberId: string;
  shared: boolean;
}

/** Ephemeral signal timings (spec constants). */
export const TYPING_DEBOUNCE_MS = 500;
export const TYPING_RESET_MS = 3000;
export const PRESENCE_ACTIVE_MS = 5 * 60 * 1000;
export const PRESENCE_CHECK_MS = 60 * 1000;
export const REALTIME_MAX_RETRIES = 3;
export const REALTIME_RETRY_BASE_MS = 1000;
/**
 * After a subscribe's retries are spent on one connection (the gateway overloaded, e.g. every
 * socket reconnecting after a restart), the widget drops that connection and opens a new one
 * after about this long (half to one and a half times, jittered), rather than stay connected to a
 * room it does not follow.
 */
export const REALTIME_RESUBSCRIBE_AFTER_MS = 20_000;
/** Widget chat kept in the visitor's browser this long. */
export const WIDGET_CHAT_TTL_MS = 24 * 60 * 60 * 1000;
/** Urgent: the last message is from today and under this old. */
export const URGENT_CHAT_MS = 2 * 60 * 60 * 1000;

/**
 * Socket.IO event carrying the language-model reply's text so far: `{ roomId, text }` (see
 * assistant-signal.ts). Here, not beside the signal's schema, so the widget takes the name
 * without zod.
 */
export const BOT_STREAM_EVENT = 'bot-stream';
