import type { FunnelView } from '@parley/contracts';
import { loadService, rpcClient, type Caller, type CallerTokenSigner } from '@parley/grpc';
import { metadataOf, type CallContext } from './call-context';
import { jsonMessagesOr } from './json-messages';
import { visitorMessageBatch, type VisitorMessageBatching } from './visitor-message-batch';

/** A site visitor, from the verified visitor token. */
export interface ConversationsVisitor {
  customerId: string;
  domainId: string;
  /** SHA-256 (hex) of the visitor key: conversations scopes the visitor's rooms by it. */
  keyId: string;
}

import type {
  BookAppointmentRequest,
  Booking__Output,
  BookingList__Output,
  ChatMessage__Output,
  CustomerAnswer__Output,
  CustomerDetail__Output,
  ListBookingsRequest,
  PostedMessage__Output,
  PostTeamMessageRequest,
  Room__Output,
  VisitorSession__Output,
} from '@parley/grpc/generated/parley/conversations/v1';

/** The answers as proto-loader hands them over: camelCase, defaults filled in, unset messages null. */
export type {
  Booking__Output,
  BookingList__Output,
  ChatMessage__Output,
  CustomerAnswer__Output,
  CustomerDetail__Output,
  PostedMessage__Output,
  Room__Output,
  VisitorSession__Output,
};

/** A booking's fields as the widget sends them; the visitor comes from its token. */
export type BookingRequest = Required<Omit<BookAppointmentRequest, 'visitor'>>;
/** The bookings page asked for; the caller comes from the token. */
export type BookingsQuery = Required<Omit<ListBookingsRequest, 'caller'>>;
/** A team member's message as the dashboard sends it. */
export type TeamMessageRequest = Required<Omit<PostTeamMessageRequest, 'caller'>>;

/** proto/conversations/v1/conversations.proto as the gateway uses it; rejections are AppErrors. */
export interface ConversationsClient {
  openVisitorSession(
    request: { domainId: string; visitorKey: string },
    context?: CallContext,
  ): Promise<VisitorSession__Output>;
  getVisitorChat(
    visitor: ConversationsVisitor,
    context?: CallContext,
  ): Promise<{ room: Room__Output | null; messages: ChatMessage__Output[] }>;
  postVisitorMessage(
    visitor: ConversationsVisitor,
    request: { content: string; clientId: string; offline?: boolean },
    context?: CallContext,
  ): Promise<PostedMessage__Output>;
  markSeenByVisitor(visitor: ConversationsVisitor, context?: CallContext): Promise<void>;
  setVisitorEmail(
    visitor: ConversationsVisitor,
    email: string,
    context?: CallContext,
  ): Promise<VisitorSession__Output>;
  listCustomerAnswers(
    visitor: ConversationsVisitor,
    context?: CallContext,
  ): Promise<CustomerAnswer__Output[]>;
  saveCustomerAnswers(
    visitor: ConversationsVisitor,
    answers: Array<{ questionId: string; question: string; answer: string }>,
    context?: CallContext,
  ): Promise<CustomerAnswer__Output[]>;
  bookAppointment(
    visitor: ConversationsVisitor,
    request: BookingRequest,
    context?: CallContext,
  ): Promise<Booking__Output>;
  listTakenSlots(request: { domainId: string; date: string }, context?: CallContext): Promise<string[]>;
  recordArticleFeedback(
    visitor: ConversationsVisitor,
    request: { articleId: string; helpful: boolean },
    context?: CallContext,
  ): Promise<void>;

  /**
   * One page of the caller's rooms; `nextCursor` is null on the last page. With `ifRevision` (the
   * `revision` of a page the caller kept) the answer may be `unchanged`, without rooms: the kept
   * page stands. `revision` is '' when the page should not be kept.
   */
  listRooms(
    caller: Caller,
    request: { filter: string; domainId: string; limit?: number; cursor?: string; ifRevision?: string },
    context?: CallContext,
  ): Promise<{ rooms: Room__Output[]; nextCursor: string | null; revision: string; unchanged: boolean }>;
  /** A room's messages and row; `ifRevision` and the answer's `revision`/`unchanged` as listRooms'. */
  getRoomMessages(
    caller: Caller,
    request: { roomId: string; includeBot: boolean; ifRevision?: string },
    context?: CallContext,
  ): Promise<{
    room: Room__Output | null;
    messages: ChatMessage__Output[];
    revision: string;
    unchanged: boolean;
  }>;
  checkRoomAccess(caller: Caller, roomId: string, context?: CallContext): Promise<boolean>;
  /** The room's row without its messages. */
  getRoom(caller: Caller, roomId: string, context?: CallContext): Promise<Room__Output>;
  postTeamMessage(
    caller: Caller,
    request: TeamMessageRequest,
    context?: CallContext,
  ): Promise<PostedMessage__Output>;
  setLiveMode(
    caller: Caller,
    request: { roomId: string; live: boolean },
    context?: CallContext,
  ): Promise<Room__Output>;
  markSeenByTeam(caller: Caller, roomId: string, context?: CallContext): Promise<void>;
  shareRoom(
    caller: Caller,
    request: { roomId: string; memberId: string },
    context?: CallContext,
  ): Promise<Room__Output>;
  unshareRoom(
    caller: Caller,
    request: { roomId: string; memberId: string },
    context?: CallContext,
  ): Promise<Room__Output>;
  getRoomCustomer(caller: Caller, roomId: string, context?: CallContext): Promise<CustomerDetail__Output>;
  listBookings(caller: Caller, query: BookingsQuery, context?: CallContext): Promise<BookingList__Output>;
  getFunnel(
    caller: Caller,
    query: { domainId: string; from?: string; to?: string },
    context?: CallContext,
  ): Promise<FunnelView>;
  close(): void;
}

/**
 * `batching`: visitor messages go as PostVisitorMessages, a turn's together (maxItems 1, or no
 * batching, sends each as PostVisitorMessage).
 */
export function createConversationsClient(
  address: string,
  deadlineMs: number,
  callerToken?: CallerTokenSigner,
  batching?: VisitorMessageBatching,
): ConversationsClient {
  const Conversations = loadService(
    'conversations/v1/conversations.proto',
    'parley.conversations.v1.Conversations',
  );
  const rpc = rpcClient(Conversations, address, { deadlineMs, callerToken });
  const call = (context?: CallContext) => ({ metadata: metadataOf(context) });
  const asVisitor = (v: ConversationsVisitor) => ({
    customerId: v.customerId,
    domainId: v.domainId,
    keyId: v.keyId,
  });
  const asCaller = (c: Caller) => ({ userId: c.userId, role: c.role, accountId: c.accountId });
  const batched = batching && batching.maxItems > 1 ? visitorMessageBatch(rpc, deadlineMs, batching) : null;

  return {
    openVisitorSession: (request, context) => rpc.openVisitorSession(request, call(context)),
    getVisitorChat: (visitor, context) => rpc.getVisitorChat({ visitor: asVisitor(visitor) }, call(context)),
    postVisitorMessage: (visitor, request, context) =>
      batched
        ? batched({ visitor: asVisitor(visitor), ...request })
        : rpc.postVisitorMessage({ visitor: asVisitor(visitor), ...request }, call(context)),
    markSeenByVisitor: async (visitor, context) => {
      await rpc.markSeenByVisitor({ visitor: asVisitor(visitor) }, call(context));
    },
    setVisitorEmail: (visitor, email, context) =>
      rpc.setVisitorEmail({ visitor: asVisitor(visitor), email }, call(context)),
    listCustomerAnswers: async (visitor, context) =>
      (await rpc.listCustomerAnswers({ visitor: asVisitor(visitor) }, call(context))).answers,
    saveCustomerAnswers: async (visitor, answers, context) =>
      (await rpc.saveCustomerAnswers({ visitor: asVisitor(visitor), answers }, call(context))).answers,
    bookAppointment: (visitor, request, context) =>
      rpc.bookAppointment({ visitor: asVisitor(visitor), ...request }, call(context)),
    listTakenSlots: async (request, context) => (await rpc.listTakenSlots(request, call(context))).slots,
    recordArticleFeedback: async (visitor, request, context) => {
      await rpc.recordArticleFeedback({ visitor: asVisitor(visitor), ...request }, call(context));
    },

    listRooms: async (caller, request, context) => {
      const list = await rpc.listRooms(
        { caller: asCaller(caller), ...request, roomsAsJson: true },
        call(context),
      );
      return {
        rooms: list.unchanged ? [] : jsonMessagesOr(list.roomsJson, list.rooms),
        nextCursor: list.nextCursor || null,
        revision: list.revision,
        unchanged: list.unchanged,
      };
    },
    getRoomMessages: (caller, request, context) =>
      rpc.getRoomMessages({ caller: asCaller(caller), ...request }, call(context)),
    getRoom: (caller, roomId, context) => rpc.getRoom({ caller: asCaller(caller), roomId }, call(context)),
    checkRoomAccess: async (caller, roomId, context) =>
      (await rpc.checkRoomAccess({ caller: asCaller(caller), roomId }, call(context))).hasAccess,
    postTeamMessage: (caller, request, context) =>
      rpc.postTeamMessage({ caller: asCaller(caller), ...request }, call(context)),
    setLiveMode: (caller, request, context) =>
      rpc.setLiveMode({ caller: asCaller(caller), ...request }, call(context)),
    markSeenByTeam: async (caller, roomId, context) => {
      await rpc.markSeenByTeam({ caller: asCaller(caller), roomId }, call(context));
    },
    shareRoom: (caller, request, context) =>
      rpc.shareRoom({ caller: asCaller(caller), ...request }, call(context)),
    unshareRoom: (caller, request, context) =>
      rpc.unshareRoom({ caller: asCaller(caller), ...request }, call(context)),
    getRoomCustomer: (caller, roomId, context) =>
      rpc.getRoomCustomer({ caller: asCaller(caller), roomId }, call(context)),
    getFunnel: async (caller, query, context) =>
      JSON.parse(
        (
          await rpc.getFunnel(
            {
              caller: asCaller(caller),
              domainId: query.domainId,
              from: query.from ?? '',
              to: query.to ?? '',
            },
            call(context),
          )
        ).json,
      ) as FunnelView,
    listBookings: (caller, query, context) =>
      rpc.listBookings({ caller: asCaller(caller), ...query }, call(context)),
    close: () => rpc.close(),
  };
}
