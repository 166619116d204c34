import { getFunnel } from '../app/funnel';
import { callerFrom, runBatchItems, unary, type CallerMessage, type ServiceHandlers } from '@parley/grpc';
import { conversationsError } from '@parley/contracts';
import type { Logger } from '@parley/logger';
import type { Caller, ConversationsDeps, Visitor } from '../app/deps';
import { saveRoomCustomerAnswer, setRoomCustomerEmail } from '../app/room-customer';
import { markRoomMailed, postBotMessage, requestHandoff } from '../app/service-calls';
import {
  checkRoomAccess,
  getRoom,
  getRoomCustomer,
  getRoomMessages,
  listBookings,
  listRooms,
  markSeenByTeam,
  postTeamMessage,
  setLiveMode,
  shareRoom,
} from '../app/team';
import { getVisitorChat, markSeenByVisitor, postVisitorMessage } from '../app/visitor-chat';
import {
  bookAppointment,
  listCustomerAnswers,
  listTakenSlots,
  recordArticleFeedback,
  saveCustomerAnswers,
} from '../app/visitor-extras';
import { openVisitorSession, setVisitorEmail } from '../app/visitor-session';
import { visitorOf, type VisitorMessage } from './visitor';
import {
  answersMessage,
  bookingMessage,
  chatMessage,
  customerDetailMessage,
  jsonBytes,
  roomMessage,
  sessionMessage,
} from './messages';
import type { MessageView, RoomView } from '../app/views';
import type {
  PostVisitorMessageRequest__Output,
  PostVisitorMessagesRequest__Output,
} from '@parley/grpc/generated/parley/conversations/v1';

const posted = (p: { room: RoomView; message: MessageView }) => ({
  room: roomMessage(p.room),
  message: chatMessage(p.message),
});

const SERVICE = 'parley.conversations.v1.Conversations';
/** The most items PostVisitorMessages takes (the gateway sends at most its own, smaller, maximum). */
export const MAX_VISITOR_MESSAGES_PER_BATCH = 256;

/** proto <-> application mapping for parley.conversations.v1.Conversations; no decisions are made here. */
export function conversationsService(
  deps: ConversationsDeps,
  logger: Logger,
): ServiceHandlers<'parley.conversations.v1.Conversations'> {
  const onInternal = (method: string) => (error: unknown) =>
    logger.error({ err: error, method }, 'conversations call failed');
  const team = <Req extends { caller: CallerMessage | null }, Res>(
    method: string,
    handler: (req: Req, caller: Caller) => Promise<Res>,
  ) => unary<Req, Res>(async (req) => handler(req, callerFrom(req.caller)), onInternal(method));
  const visitor = <Req extends { visitor: VisitorMessage | null }, Res>(
    method: string,
    handler: (req: Req, visitor: Visitor) => Promise<Res>,
  ) => unary<Req, Res>(async (req) => handler(req, visitorOf(req.visitor)), onInternal(method));
  const postOne = async (req: PostVisitorMessageRequest__Output) =>
    posted(
      await postVisitorMessage(deps, visitorOf(req.visitor), {
        content: req.content,
        clientId: req.clientId,
        offline: req.offline === true,
      }),
    );
  const open = <Req extends object, Res>(method: string, handler: (req: Req) => Promise<Res>) =>
    unary<Req, Res>(handler, onInternal(method));

  return {
    // --- visitor side ---
    OpenVisitorSession: open('OpenVisitorSession', async (req) =>
      sessionMessage(await openVisitorSession(deps, { domainId: req.domainId, visitorKey: req.visitorKey })),
    ),
    GetVisitorChat: visitor('GetVisitorChat', async (_req, v) => {
      const chat = await getVisitorChat(deps, v);
      return { room: chat.room ? roomMessage(chat.room) : null, messages: chat.messages.map(chatMessage) };
    }),
    PostVisitorMessage: unary(postOne, onInternal('PostVisitorMessage')),
    // Each item as PostVisitorMessage: its own checks, errors and span; a visitor key's items in order.
    PostVisitorMessages: unary(
      async (req: PostVisitorMessagesRequest__Output) => {
        if (req.items.length > MAX_VISITOR_MESSAGES_PER_BATCH)
          throw conversationsError(
            'validation',
            `At most ${MAX_VISITOR_MESSAGES_PER_BATCH} messages per batch`,
            'VALIDATION',
            [{ field: 'items', message: 'too many items' }],
          );
        const results = await runBatchItems(req.items, {
          label: `${SERVICE}/PostVisitorMessage`,
          batchLabel: `${SERVICE}/PostVisitorMessages`,
          keyOf: (item) => `${item.visitor?.domainId}|${item.visitor?.customerId}|${item.visitor?.keyId}`,
          handle: postOne,
          onInternalError: onInternal('PostVisitorMessage'),
        });
        return {
          results: results.map((r) =>
            // The room's last message is the posted one or a later one, which the gateway does
            // not read: left out, the answer encodes each message once, not twice.
            'ok' in r
              ? { posted: { ...r.ok, room: { ...r.ok.room, lastMessage: null } } }
              : { error: r.error },
          ),
        };
      },
      onInternal('PostVisitorMessages'),
      { checksItsOwnText: true },
    ),
    MarkSeenByVisitor: visitor('MarkSeenByVisitor', async (_req, v) => {
      await markSeenByVisitor(deps, v);
      return {};
    }),
    SetVisitorEmail: visitor('SetVisitorEmail', async (req, v) =>
      sessionMessage(await setVisitorEmail(deps, v, { email: req.email })),
    ),
    ListCustomerAnswers: visitor('ListCustomerAnswers', async (_req, v) =>
      answersMessage(await listCustomerAnswers(deps, v)),
    ),
    SaveCustomerAnswers: visitor('SaveCustomerAnswers', async (req, v) =>
      answersMessage(await saveCustomerAnswers(deps, v, { answers: req.answers })),
    ),
    BookAppointment: visitor('BookAppointment', async (req, v) =>
      bookingMessage(await bookAppointment(deps, v, req)),
    ),
    ListTakenSlots: open('ListTakenSlots', async (req) => ({
      slots: await listTakenSlots(deps, { domainId: req.domainId, date: req.date }),
    })),
    RecordArticleFeedback: visitor('RecordArticleFeedback', async (req, v) => {
      await recordArticleFeedback(deps, v, { articleId: req.articleId, helpful: req.helpful });
      return {};
    }),

    // --- team side ---
    ListRooms: team('ListRooms', async (req, caller) => {
      const page = await listRooms(deps, caller, {
        filter: req.filter,
        domainId: req.domainId,
        limit: req.limit,
        cursor: req.cursor,
        ifRevision: req.ifRevision,
      });
      const { revision, unchanged } = page;
      if (unchanged) return { revision, unchanged };
      const rooms = page.rooms.map(roomMessage);
      const nextCursor = page.nextCursor ?? '';
      return req.roomsAsJson
        ? { roomsJson: jsonBytes(rooms), nextCursor, revision }
        : { rooms, nextCursor, revision };
    }),
    GetRoomMessages: team('GetRoomMessages', async (req, caller) => {
      const { room, messages, revision, unchanged } = await getRoomMessages(deps, caller, {
        roomId: req.roomId,
        includeBot: req.includeBot,
        ifRevision: req.ifRevision,
      });
      if (unchanged || !room) return { revision, unchanged };
      return { room: roomMessage(room), messages: messages.map(chatMessage), revision };
    }),
    CheckRoomAccess: team('CheckRoomAccess', async (req, caller) => ({
      hasAccess: await checkRoomAccess(deps, caller, req.roomId),
    })),
    GetRoom: team('GetRoom', async (req, caller) => roomMessage(await getRoom(deps, caller, req.roomId))),
    PostTeamMessage: team('PostTeamMessage', async (req, caller) =>
      posted(await postTeamMessage(deps, caller, req)),
    ),
    SetLiveMode: team('SetLiveMode', async (req, caller) =>
      roomMessage(await setLiveMode(deps, caller, { roomId: req.roomId, live: req.live })),
    ),
    MarkSeenByTeam: team('MarkSeenByTeam', async (req, caller) => {
      await markSeenByTeam(deps, caller, req.roomId);
      return {};
    }),
    ShareRoom: team('ShareRoom', async (req, caller) =>
      roomMessage(await shareRoom(deps, caller, { roomId: req.roomId, memberId: req.memberId, share: true })),
    ),
    UnshareRoom: team('UnshareRoom', async (req, caller) =>
      roomMessage(
        await shareRoom(deps, caller, { roomId: req.roomId, memberId: req.memberId, share: false }),
      ),
    ),
    GetRoomCustomer: team('GetRoomCustomer', async (req, caller) =>
      customerDetailMessage(await getRoomCustomer(deps, caller, req.roomId)),
    ),
    GetFunnel: team('GetFunnel', async (req, caller) => ({
      json: JSON.stringify(await getFunnel(deps, caller, req)),
    })),
    ListBookings: team('ListBookings', async (req, caller) => {
      const found = await listBookings(deps, caller, req);
      return { ...found, bookings: found.bookings.map(bookingMessage) };
    }),

    // --- service side ---
    PostBotMessage: open('PostBotMessage', async (req) => posted(await postBotMessage(deps, req))),
    RequestHandoff: open('RequestHandoff', async (req) =>
      roomMessage(await requestHandoff(deps, { roomId: req.roomId, reason: req.reason })),
    ),
    MarkRoomMailed: open('MarkRoomMailed', async (req) => ({
      newlyMailed: await markRoomMailed(deps, req.roomId),
    })),
    SetRoomCustomerEmail: open('SetRoomCustomerEmail', async (req) => {
      const customer = await setRoomCustomerEmail(deps, { roomId: req.roomId, email: req.email });
      return { customerId: customer.customerId, email: customer.email ?? '' };
    }),
    SaveRoomCustomerAnswer: open('SaveRoomCustomerAnswer', async (req) =>
      answersMessage(
        await saveRoomCustomerAnswer(deps, {
          roomId: req.roomId,
          questionId: req.questionId,
          question: req.question,
          answer: req.answer,
        }),
      ),
    ),
  };
}
