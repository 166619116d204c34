import { randomUUID } from 'node:crypto';
import { executeCommand } from '@parley/eventstore';
import type { CustomerState } from '../domain/customer/state';
import type { RoomState } from '../domain/room/state';
import { visitorKeyDecider } from '../domain/visitor-key/decide';
import { customerNotFound, roomNotFound } from '../domain/shared/errors';
import { subjects } from './aggregates';
import { activeCustomer } from './customers';
import type { ConversationsDeps } from './deps';
import { loadRoom } from './rooms';
import { email as validEmail } from './validate';
import { answersOf, saveAnswersOfCustomer, validAnswers } from './visitor-extras';
import { setCustomerEmail } from './visitor-session';
import type { CustomerAnswer } from '../domain/customer/events';

/**
 * What the assistant learns in a room's chat, recorded on the room's customer. The assistant has
 * no visitor key, so these reach the customer only: the same email claim and merge as the
 * visitor's SetVisitorEmail, the same answers as SaveCustomerAnswers minus the key's own copy.
 * Nothing here widens what a visitor reaches: that stays bounded by their key.
 */

export interface RoomCustomerView {
  customerId: string;
  email: string | null;
}

/** The room and its customer; a missing room, or one of a deleted domain, is not found. */
async function roomCustomer(
  deps: ConversationsDeps,
  roomId: string,
): Promise<{ room: RoomState; customer: CustomerState }> {
  const room = await loadRoom(deps, roomId);
  if (!room) throw roomNotFound();
  const customer = await activeCustomer(deps, room.customerId);
  if (!customer || customer.domainId !== room.domainId) throw customerNotFound();
  return { room, customer };
}

/**
 * The visitor wrote their email in the chat. Returns the customer the room now belongs to. The
 * key whose first message opened the room records it too: the visitor gave it, so their session
 * may show it again (the booking form fills it in), while the customer's own email, which may be
 * another browser's, is never shown to them.
 */
export async function setRoomCustomerEmail(
  deps: ConversationsDeps,
  input: { roomId: string; email: string },
): Promise<RoomCustomerView> {
  const email = validEmail(input.email);
  const { room, customer: before } = await roomCustomer(deps, input.roomId);
  const customer = await setCustomerEmail(deps, before, email);
  if (room.openedByKey) {
    await executeCommand(
      deps.store,
      subjects(deps.store).visitorKeyById(room.openedByKey),
      visitorKeyDecider,
      { type: 'GiveEmail', email, now: deps.clock() },
      { commandId: randomUUID() },
    );
  }
  return { customerId: customer.customerId, email: customer.email };
}

/**
 * The visitor answered a filter question in the chat. Recorded with the room, so the visitor
 * whose key reaches the room sees it among their answers. Returns the customer's answers.
 */
export async function saveRoomCustomerAnswer(
  deps: ConversationsDeps,
  input: { roomId: string; questionId: string; question: string; answer: string },
): Promise<CustomerAnswer[]> {
  const answers = validAnswers([
    { questionId: input.questionId, question: input.question, answer: input.answer },
  ]).map((a) => ({ ...a, roomId: input.roomId }));
  const { customer } = await roomCustomer(deps, input.roomId);
  return answersOf(await saveAnswersOfCustomer(deps, customer.customerId, answers));
}
