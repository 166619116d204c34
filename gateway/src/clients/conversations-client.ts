import type { FunnelView } from '@parley/contracts';
import { callUnary, createClient, loadService, type Caller, type CallerTokenSigner } from '@parley/grpc';
import { metadataOf, type CallContext } from './call-context';

/** A site visitor, from the verified visitor token. */
export interface ConversationsVisitor {
  customerId: string;
  domainId: string;
  /** SHA-256 (hex) of the visitor key: conversations scopes the visitor's rooms by it. */
  keyId: string;
}

/** proto messages as proto-loader hands them over (camelCase, defaults filled, unset messages null). */
export interface WireChatMessage {
  id: string;
  role: string;
  content: string;
  createdAt: string;
  teamMemberId: string;
  teamMemberName: string;
  isNote: boolean;
  noteType: string;
  link: string;
  productIds: string[];
  /** The bot's purchase reply: one of productIds; empty for none. */
  checkoutProductId: string;
  seen: boolean;
  clientId: string;
  /** The bot's decision record as JSON; empty except in team reads of bot messages. */
  decisionJson: string;
  /** Issue 17: left with the widget's offline form. */
  offline?: boolean;
}

export interface WireRoom {
  id: string;
  domainId: string;
  domain: string;
  customerId: string;
  customerEmail: string;
  live: boolean;
  mailed: boolean;
  sharedWith: string[];
  createdAt: string;
  updatedAt: string;
  lastMessage: WireChatMessage | null;
  unread: boolean;
  messageCount: number;
}

export interface WireVisitorSession {
  customerId: string;
  domainId: string;
  accountId: string;
  visitorKey: string;
  roomId: string;
  email: string;
  keyId: string;
}

export interface WireCustomerAnswer {
  questionId: string;
  question: string;
  answer: string;
  answeredAt: string;
}

export interface WireBooking {
  id: string;
  customerId: string;
  domainId: string;
  appointmentTypeId: string;
  appointmentName: string;
  date: string;
  slot: string;
  email: string;
  name: string;
  createdAt: string;
  domain: string;
  /** '' when the booking has no conversation the caller may open. */
  roomId: string;
}

export interface WireBookingList {
  bookings: WireBooking[];
  total: number;
  page: number;
  pageSize: number;
}

export interface BookingsQuery {
  domainId: string;
  sort: string;
  when: string;
  page: number;
  pageSize: number;
}

export interface WirePostedMessage {
  room: WireRoom | null;
  message: WireChatMessage | null;
}

export interface WireCustomerDetail {
  customerId: string;
  email: string;
  answers: WireCustomerAnswer[];
  bookings: WireBooking[];
  createdAt: string;
}

export interface BookingRequest {
  appointmentTypeId: string;
  appointmentName: string;
  date: string;
  slot: string;
  email: string;
  name: string;
}

export interface TeamMessageRequest {
  roomId: string;
  content: string;
  memberName: string;
  isNote: boolean;
  noteType: string;
  link: string;
  productIds: string[];
  clientId: string;
}

/** proto/conversations/v1/conversations.proto as the gateway uses it; rejections are AppErrors. */
export interface ConversationsClient {
  openVisitorSession(
    request: { domainId: string; visitorKey: string },
    context?: CallContext,
  ): Promise<WireVisitorSession>;
  getVisitorChat(
    visitor: ConversationsVisitor,
    context?: CallContext,
  ): Promise<{ room: WireRoom | null; messages: WireChatMessage[] }>;
  postVisitorMessage(
    visitor: ConversationsVisitor,
    request: { content: string; clientId: string; offline?: boolean },
    context?: CallContext,
  ): Promise<WirePostedMessage>;
  markSeenByVisitor(visitor: ConversationsVisitor, context?: CallContext): Promise<void>;
  setVisitorEmail(
    visitor: ConversationsVisitor,
    email: string,
    context?: CallContext,
  ): Promise<WireVisitorSession>;
  listCustomerAnswers(visitor: ConversationsVisitor, context?: CallContext): Promise<WireCustomerAnswer[]>;
  saveCustomerAnswers(
    visitor: ConversationsVisitor,
    answers: Array<{ questionId: string; question: string; answer: string }>,
    context?: CallContext,
  ): Promise<WireCustomerAnswer[]>;
  bookAppointment(
    visitor: ConversationsVisitor,
    request: BookingRequest,
    context?: CallContext,
  ): Promise<WireBooking>;
  listTakenSlots(request: { domainId: string; date: string }, context?: CallContext): Promise<string[]>;
  recordArticleFeedback(
    visitor: ConversationsVisitor,
    request: { articleId: string; helpful: boolean },
    context?: CallContext,
  ): Promise<void>;

  listRooms(
    caller: Caller,
    request: { filter: string; domainId: string },
    context?: CallContext,
  ): Promise<WireRoom[]>;
  getRoomMessages(
    caller: Caller,
    request: { roomId: string; includeBot: boolean },
    context?: CallContext,
  ): Promise<{ room: WireRoom | null; messages: WireChatMessage[] }>;
  checkRoomAccess(caller: Caller, roomId: string, context?: CallContext): Promise<boolean>;
  /** The room's row without its messages. */
  getRoom(caller: Caller, roomId: string, context?: CallContext): Promise<WireRoom>;
  postTeamMessage(
    caller: Caller,
    request: TeamMessageRequest,
    context?: CallContext,
  ): Promise<WirePostedMessage>;
  setLiveMode(
    caller: Caller,
    request: { roomId: string; live: boolean },
    context?: CallContext,
  ): Promise<WireRoom>;
  markSeenByTeam(caller: Caller, roomId: string, context?: CallContext): Promise<void>;
  shareRoom(
    caller: Caller,
    request: { roomId: string; memberId: string },
    context?: CallContext,
  ): Promise<WireRoom>;
  unshareRoom(
    caller: Caller,
    request: { roomId: string; memberId: string },
    context?: CallContext,
  ): Promise<WireRoom>;
  getRoomCustomer(caller: Caller, roomId: string, context?: CallContext): Promise<WireCustomerDetail>;
  listBookings(caller: Caller, query: BookingsQuery, context?: CallContext): Promise<WireBookingList>;
  getFunnel(
    caller: Caller,
    query: { domainId: string; from?: string; to?: string },
    context?: CallContext,
  ): Promise<FunnelView>;
  close(): void;
}

export function createConversationsClient(
  address: string,
  deadlineMs: number,
  callerToken?: CallerTokenSigner,
): ConversationsClient {
  const Conversations = loadService(
    'conversations/v1/conversations.proto',
    'parley.conversations.v1.Conversations',
  );
  const client = createClient(Conversations, address, { callerToken });
  const call = <Res>(method: string, request: object, context?: CallContext) =>
    callUnary<object, Res>(client, method, request, { deadlineMs, metadata: metadataOf(context) });
  const asVisitor = (v: ConversationsVisitor) => ({
    customerId: v.customerId,
    domainId: v.domainId,
    keyId: v.keyId,
  });
  const asCaller = (c: Caller) => ({ userId: c.userId, role: c.role, accountId: c.accountId });

  return {
    openVisitorSession: (request, context) => call('openVisitorSession', request, context),
    getVisitorChat: (visitor, context) => call('getVisitorChat', { visitor: asVisitor(visitor) }, context),
    postVisitorMessage: (visitor, request, context) =>
      call('postVisitorMessage', { visitor: asVisitor(visitor), ...request }, context),
    markSeenByVisitor: async (visitor, context) => {
      await call('markSeenByVisitor', { visitor: asVisitor(visitor) }, context);
    },
    setVisitorEmail: (visitor, email, context) =>
      call('setVisitorEmail', { visitor: asVisitor(visitor), email }, context),
    listCustomerAnswers: async (visitor, context) =>
      (
        await call<{ answers: WireCustomerAnswer[] }>(
          'listCustomerAnswers',
          { visitor: asVisitor(visitor) },
          context,
        )
      ).answers,
    saveCustomerAnswers: async (visitor, answers, context) =>
      (
        await call<{ answers: WireCustomerAnswer[] }>(
          'saveCustomerAnswers',
          { visitor: asVisitor(visitor), answers },
          context,
        )
      ).answers,
    bookAppointment: (visitor, request, context) =>
      call('bookAppointment', { visitor: asVisitor(visitor), ...request }, context),
    listTakenSlots: async (request, context) =>
      (await call<{ slots: string[] }>('listTakenSlots', request, context)).slots,
    recordArticleFeedback: async (visitor, request, context) => {
      await call('recordArticleFeedback', { visitor: asVisitor(visitor), ...request }, context);
    },

    listRooms: async (caller, request, context) =>
      (await call<{ rooms: WireRoom[] }>('listRooms', { caller: asCaller(caller), ...request }, context))
        .rooms,
    getRoomMessages: (caller, request, context) =>
      call('getRoomMessages', { caller: asCaller(caller), ...request }, context),
    getRoom: (caller, roomId, context) => call('getRoom', { caller: asCaller(caller), roomId }, context),
    checkRoomAccess: async (caller, roomId, context) =>
      (await call<{ hasAccess: boolean }>('checkRoomAccess', { caller: asCaller(caller), roomId }, context))
        .hasAccess,
    postTeamMessage: (caller, request, context) =>
      call('postTeamMessage', { caller: asCaller(caller), ...request }, context),
    setLiveMode: (caller, request, context) =>
      call('setLiveMode', { caller: asCaller(caller), ...request }, context),
    markSeenByTeam: async (caller, roomId, context) => {
      await call('markSeenByTeam', { caller: asCaller(caller), roomId }, context);
    },
    shareRoom: (caller, request, context) =>
      call('shareRoom', { caller: asCaller(caller), ...request }, context),
    unshareRoom: (caller, request, context) =>
      call('unshareRoom', { caller: asCaller(caller), ...request }, context),
    getRoomCustomer: (caller, roomId, context) =>
      call('getRoomCustomer', { caller: asCaller(caller), roomId }, context),
    getFunnel: async (caller, query, context) =>
      JSON.parse(
        (
          await call<{ json: string }>(
            'getFunnel',
            {
              caller: asCaller(caller),
              domainId: query.domainId,
              from: query.from ?? '',
              to: query.to ?? '',
            },
            context,
          )
        ).json,
      ) as FunnelView,
    listBookings: (caller, query, context) =>
      call('listBookings', { caller: asCaller(caller), ...query }, context),
    close: () => client.close(),
  };
}
