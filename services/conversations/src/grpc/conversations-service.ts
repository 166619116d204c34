import { getFunnel } from '../app/funnel';
import type { UntypedServiceImplementation } from '@grpc/grpc-js';
import { callerFrom, unary, type CallerMessage } from '@parley/grpc';
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
  roomMessage,
  sessionMessage,
} from './messages';
import type { MessageView, RoomView } from '../app/views';

type WithCaller<T> = T & { caller?: CallerMessage | null };
type WithVisitor<T> = T & { visitor?: VisitorMessage | null };

const posted = (p: { room: RoomView; message: MessageView }) => ({
  room: roomMessage(p.room),
  message: chatMessage(p.message),
});

/** proto <-> application mapping for parley.conversations.v1.Conversations; no decisions are made here. */
export function conversationsService(deps: ConversationsDeps, logger: Logger): UntypedServiceImplementation {
  const onInternal = (method: string) => (error: unknown) =>
    logger.error({ err: error, method }, 'conversations call failed');
  const team = <Req extends object, Res>(
    method: string,
    handler: (req: Req, caller: Caller) => Promise<Res>,
  ) => unary<WithCaller<Req>, Res>(async (req) => handler(req, callerFrom(req.caller)), onInternal(method));
  const visitor = <Req extends object, Res>(
    method: string,
    handler: (req: Req, visitor: Visitor) => Promise<Res>,
  ) => unary<WithVisitor<Req>, Res>(async (req) => handler(req, visitorOf(req.visitor)), onInternal(method));
  const open = <Req extends object, Res>(method: string, handler: (req: Req) => Promise<Res>) =>
    unary<Req, Res>(handler, onInternal(method));

  return {
    // --- visitor side ---
    OpenVisitorSession: open('OpenVisitorSession', async (req: { domainId: string; visitorKey: string }) =>
      sessionMessage(await openVisitorSession(deps, { domainId: req.domainId, visitorKey: req.visitorKey })),
    ),
    GetVisitorChat: visitor('GetVisitorChat', async (_req: object, v) => {
      const chat = await getVisitorChat(deps, v);
      return { room: chat.room ? roomMessage(chat.room) : null, messages: chat.messages.map(chatMessage) };
    }),
    PostVisitorMessage: visitor(
      'PostVisitorMessage',
      async (req: { content: string; clientId: string; offline?: boolean }, v) =>
        posted(
          await postVisitorMessage(deps, v, {
            content: req.content,
            clientId: req.clientId,
            offline: req.offline === true,
          }),
        ),
    ),
    MarkSeenByVisitor: visitor('MarkSeenByVisitor', async (_req: object, v) => {
      await markSeenByVisitor(deps, v);
      return {};
    }),
    SetVisitorEmail: visitor('SetVisitorEmail', async (req: { email: string }, v) =>
      sessionMessage(await setVisitorEmail(deps, v, { email: req.email })),
    ),
    ListCustomerAnswers: visitor('ListCustomerAnswers', async (_req: object, v) =>
      answersMessage(await listCustomerAnswers(deps, v)),
    ),
    SaveCustomerAnswers: visitor(
      'SaveCustomerAnswers',
      async (req: { answers: { questionId: string; question: string; answer: string }[] }, v) =>
        answersMessage(await saveCustomerAnswers(deps, v, { answers: req.answers })),
    ),
    BookAppointment: visitor(
      'BookAppointment',
      async (
        req: {
          appointmentTypeId: string;
          appointmentName: string;
          date: string;
          slot: string;
          email: string;
          name: string;
        },
        v,
      ) => bookingMessage(await bookAppointment(deps, v, req)),
    ),
    ListTakenSlots: open('ListTakenSlots', async (req: { domainId: string; date: string }) => ({
      slots: await listTakenSlots(deps, { domainId: req.domainId, date: req.date }),
    })),
    RecordArticleFeedback: visitor(
      'RecordArticleFeedback',
      async (req: { articleId: string; helpful: boolean }, v) => {
        await recordArticleFeedback(deps, v, { articleId: req.articleId, helpful: req.helpful });
        return {};
      },
    ),

    // --- team side ---
    ListRooms: team('ListRooms', async (req: { filter: string; domainId: string }, caller) => ({
      rooms: (await listRooms(deps, caller, { filter: req.filter, domainId: req.domainId })).map(roomMessage),
    })),
    GetRoomMessages: team('GetRoomMessages', async (req: { roomId: string; includeBot: boolean }, caller) => {
      const { room, messages } = await getRoomMessages(deps, caller, {
        roomId: req.roomId,
        includeBot: req.includeBot,
      });
      return { room: roomMessage(room), messages: messages.map(chatMessage) };
    }),
    CheckRoomAccess: team('CheckRoomAccess', async (req: { roomId: string }, caller) => ({
      hasAccess: await checkRoomAccess(deps, caller, req.roomId),
    })),
    GetRoom: team('GetRoom', async (req: { roomId: string }, caller) =>
      roomMessage(await getRoom(deps, caller, req.roomId)),
    ),
    PostTeamMessage: team(
      'PostTeamMessage',
      async (
        req: {
          roomId: string;
          content: string;
          memberName: string;
          isNote: boolean;
          noteType: string;
          link: string;
          productIds: string[];
          clientId: string;
        },
        caller,
      ) => posted(await postTeamMessage(deps, caller, req)),
    ),
    SetLiveMode: team('SetLiveMode', async (req: { roomId: string; live: boolean }, caller) =>
      roomMessage(await setLiveMode(deps, caller, { roomId: req.roomId, live: req.live })),
    ),
    MarkSeenByTeam: team('MarkSeenByTeam', async (req: { roomId: string }, caller) => {
      await markSeenByTeam(deps, caller, req.roomId);
      return {};
    }),
    ShareRoom: team('ShareRoom', async (req: { roomId: string; memberId: string }, caller) =>
      roomMessage(await shareRoom(deps, caller, { roomId: req.roomId, memberId: req.memberId, share: true })),
    ),
    UnshareRoom: team('UnshareRoom', async (req: { roomId: string; memberId: string }, caller) =>
      roomMessage(
        await shareRoom(deps, caller, { roomId: req.roomId, memberId: req.memberId, share: false }),
      ),
    ),
    GetRoomCustomer: team('GetRoomCustomer', async (req: { roomId: string }, caller) =>
      customerDetailMessage(await getRoomCustomer(deps, caller, req.roomId)),
    ),
    GetFunnel: team('GetFunnel', async (req: { domainId: string; from: string; to: string }, caller) => ({
      json: JSON.stringify(await getFunnel(deps, caller, req)),
    })),
    ListBookings: team(
      'ListBookings',
      async (
        req: { domainId: string; sort: string; when: string; page: number; pageSize: number },
        caller,
      ) => {
        const found = await listBookings(deps, caller, req);
        return { ...found, bookings: found.bookings.map(bookingMessage) };
      },
    ),

    // --- service side ---
    PostBotMessage: open(
      'PostBotMessage',
      async (req: {
        roomId: string;
        content: string;
        link: string;
        productIds: string[];
        clientId: string;
        decisionJson: string;
        checkoutProductId: string;
      }) => posted(await postBotMessage(deps, req)),
    ),
    RequestHandoff: open('RequestHandoff', async (req: { roomId: string; reason: string }) =>
      roomMessage(await requestHandoff(deps, { roomId: req.roomId, reason: req.reason })),
    ),
    MarkRoomMailed: open('MarkRoomMailed', async (req: { roomId: string }) => ({
      newlyMailed: await markRoomMailed(deps, req.roomId),
    })),
    SetRoomCustomerEmail: open('SetRoomCustomerEmail', async (req: { roomId: string; email: string }) => {
      const customer = await setRoomCustomerEmail(deps, { roomId: req.roomId, email: req.email });
      return { customerId: customer.customerId, email: customer.email ?? '' };
    }),
    SaveRoomCustomerAnswer: open(
      'SaveRoomCustomerAnswer',
      async (req: { roomId: string; questionId: string; question: string; answer: string }) =>
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
