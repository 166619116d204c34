import { randomUUID } from 'node:crypto';
import { DEFAULT_APPOINTMENT_NAME, GUEST_NAME } from '@parley/contracts';
import { executeCommand } from '@parley/eventstore';
import { customerDecider } from '../domain/customer/decide';
import type { CustomerAnswer } from '../domain/customer/events';
import type { CustomerState } from '../domain/customer/state';
import { domainNotFound, invalidField } from '../domain/shared/errors';
import { isBookingSlot } from '../domain/shared/slots';
import { slotDecider } from '../domain/slot/decide';
import { visitorKeyDecider } from '../domain/visitor-key/decide';
import type { VisitorKeyState } from '../domain/visitor-key/state';
import { takenSlots, type BookingView } from '../projections/queries';
import { isId, subjects } from './aggregates';
import { visitorCustomer, visitorIdOf } from './customers';
import type { ConversationsDeps, Visitor } from './deps';
import { loadRoom } from './rooms';
import { bookingDate, calendarDate, email as validEmail, optionalText, text } from './validate';

const MAX_ANSWERS = 50;

/** Answers oldest first. */
export function answersOf(holder: Pick<CustomerState, 'answers'>): CustomerAnswer[] {
  return Object.values(holder.answers).sort(
    (a, b) => a.answeredAt.localeCompare(b.answeredAt) || a.questionId.localeCompare(b.questionId),
  );
}

/**
 * The answers given under the visitor's key (and the keys it continues), and those the visitor
 * gave in the chat of a room the key reaches; of two answers to one question the later. Not the
 * customer's others: a visitor who gave an email someone else holds continues as that customer,
 * and must not read what the other browser answered (the owner sees all of them).
 */
export async function listCustomerAnswers(
  deps: ConversationsDeps,
  visitor: Visitor,
): Promise<CustomerAnswer[]> {
  const { customer, key } = await visitorCustomer(deps, visitor);
  return answersOf({ answers: answersInReach(key, customer) });
}

/** The key's own answers and the customer's given in its rooms' chats, the later per question. */
export function answersInReach(
  key: Pick<VisitorKeyState, 'answers' | 'roomIds'>,
  customer: Pick<CustomerState, 'answers'>,
): Record<string, CustomerAnswer> {
  const answers: Record<string, CustomerAnswer> = { ...key.answers };
  for (const a of Object.values(customer.answers)) {
    if (!a.roomId || !key.roomIds.includes(a.roomId)) continue;
    const own = answers[a.questionId];
    if (!own || own.answeredAt < a.answeredAt) {
      const { roomId: _room, ...answer } = a;
      answers[a.questionId] = answer;
    }
  }
  return answers;
}

type GivenAnswer = { questionId?: string; question?: string; answer?: string };
export type CustomerAnswerInput = { questionId: string; question: string; answer: string };

/**
 * Answers as a visitor gives them: at least one, at most 50; a question id, the question as it
 * was shown, the answer. Question ids are kept as given: content owns the filter questions, and
 * an answer to an id that is not one of them harms nobody.
 */
export function validAnswers(given: GivenAnswer[] | undefined): CustomerAnswerInput[] {
  const list = given ?? [];
  if (list.length === 0) throw invalidField('answers', 'At least one answer is required');
  if (list.length > MAX_ANSWERS) throw invalidField('answers', `At most ${MAX_ANSWERS} answers at a time`);
  return list.map((a) => ({
    questionId: text(a.questionId, 'questionId', 'Question id', 100),
    question: optionalText(a.question, 'question', 'Question', 1000),
    answer: text(a.answer, 'answer', 'Answer', 2000),
  }));
}

/** Records answers on the customer (what the owner sees); a later answer to a question replaces it. */
export async function saveAnswersOfCustomer(
  deps: ConversationsDeps,
  customerId: string,
  answers: CustomerAnswerInput[],
): Promise<CustomerState> {
  const outcome = await executeCommand(
    deps.store,
    subjects(deps.store).customer(customerId),
    customerDecider,
    { type: 'SaveAnswers', answers, now: deps.clock() },
    { commandId: randomUUID() },
  );
  return outcome.state;
}

/**
 * Records answers to the domain's filter questions on the customer (for the owner) and on the
 * visitor's key (what the visitor is shown); a later answer to a question replaces the earlier.
 */
export async function saveCustomerAnswers(
  deps: ConversationsDeps,
  visitor: Visitor,
  input: { answers: GivenAnswer[] },
): Promise<CustomerAnswer[]> {
  const answers = validAnswers(input.answers);
  const { customer } = await visitorCustomer(deps, visitor);
  const saved = await saveAnswersOfCustomer(deps, customer.customerId, answers);
  const recorded = await executeCommand(
    deps.store,
    subjects(deps.store).visitorKeyById(visitor.keyId),
    visitorKeyDecider,
    { type: 'RecordAnswers', answers, now: deps.clock() },
    { commandId: randomUUID() },
  );
  return answersOf({ answers: answersInReach(recorded.state, saved) });
}

/**
 * The booking visitor's conversation: the latest room of their key (where their messages go), or,
 * before their first message, the room it will open, so a chat that follows the booking is
 * linked to it. The room's sharing at this moment says which team members are told.
 */
async function bookingConversation(
  deps: ConversationsDeps,
  customer: CustomerState,
  key: VisitorKeyState,
): Promise<{ roomId: string | null; sharedWith: string[] }> {
  const roomId = key.roomIds.at(-1) ?? key.nextRoomId;
  if (!roomId) return { roomId: null, sharedWith: [] };
  const room = await loadRoom(deps, roomId);
  return {
    roomId,
    sharedWith: room && room.customerId === customer.customerId ? [...room.sharedWith] : [],
  };
}

/**
 * Books a slot of the domain on a date. The slot's own subject makes it race-free: of two
 * visitors booking it at once one wins, the other gets SLOT_TAKEN. The appointment type id is
 * kept as given and not checked against the domain's appointment types (content owns them and
 * the widget offers only those); the name shown is the one sent, or 'Discovery Call'. The booking
 * names the visitor's conversation (bookingConversation); the answer names the visitor by their
 * own id, like their session.
 */
export async function bookAppointment(
  deps: ConversationsDeps,
  visitor: Visitor,
  input: {
    appointmentTypeId: string;
    appointmentName: string;
    date: string;
    slot: string;
    email: string;
    name: string;
  },
): Promise<BookingView> {
  const date = bookingDate(input.date, deps.clock());
  if (!isBookingSlot(input.slot ?? '')) throw invalidField('slot', 'This time slot is not available');
  const email = validEmail(input.email);
  const name = optionalText(input.name, 'name', 'Name', 100) || GUEST_NAME;
  const appointmentName =
    optionalText(input.appointmentName, 'appointmentName', 'Appointment name', 200) ||
    DEFAULT_APPOINTMENT_NAME;
  const appointmentTypeId = optionalText(
    input.appointmentTypeId,
    'appointmentTypeId',
    'Appointment type',
    100,
  );
  const { customer, domain, key } = await visitorCustomer(deps, visitor);
  const conversation = await bookingConversation(deps, customer, key);
  const bookingId = randomUUID();
  const outcome = await executeCommand(
    deps.store,
    subjects(deps.store).slot(customer.domainId, date, input.slot),
    slotDecider,
    {
      type: 'Book',
      booking: {
        bookingId,
        customerId: customer.customerId,
        accountId: customer.accountId,
        domainId: customer.domainId,
        appointmentTypeId,
        appointmentName,
        date,
        slot: input.slot,
        email,
        name,
        roomId: conversation.roomId,
        sharedWith: conversation.sharedWith,
      },
      now: deps.clock(),
    },
    { commandId: randomUUID() },
  );
  const booked = outcome.events[0]?.data;
  if (!booked) throw new Error(`booking ${bookingId} recorded nothing`);
  return {
    id: booked.bookingId,
    customerId: visitorIdOf(key, customer),
    domainId: booked.domainId,
    domain: domain.domain,
    appointmentTypeId: booked.appointmentTypeId,
    appointmentName: booked.appointmentName,
    date: booked.date,
    slot: booked.slot,
    email: booked.email,
    name: booked.name,
    createdAt: booked.bookedAt,
    roomId: booked.roomId,
  };
}

/** The slots already booked for a domain on a date. */
export async function listTakenSlots(
  deps: ConversationsDeps,
  input: { domainId: string; date: string },
): Promise<string[]> {
  const date = calendarDate(input.date);
  if (!isId(input.domainId) || !(await deps.domains.byId(input.domainId))) throw domainNotFound();
  return takenSlots(deps.pool, input.domainId, date);
}

/**
 * A visitor's yes/no on a help article. The article id is recorded as given (content owns the
 * articles; feedback on an id that is not one of them harms nobody and is never shown).
 */
export async function recordArticleFeedback(
  deps: ConversationsDeps,
  visitor: Visitor,
  input: { articleId: string; helpful: boolean },
): Promise<void> {
  const articleId = text(input.articleId, 'articleId', 'Article id', 100);
  const { customer } = await visitorCustomer(deps, visitor);
  await executeCommand(
    deps.store,
    subjects(deps.store).customer(customer.customerId),
    customerDecider,
    { type: 'GiveArticleFeedback', articleId, helpful: Boolean(input.helpful), now: deps.clock() },
    { commandId: randomUUID() },
  );
}
