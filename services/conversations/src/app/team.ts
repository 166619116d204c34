import { randomUUID } from 'node:crypto';
import { NOTE_TYPES, type NoteType } from '@parley/contracts';
import { customerDecider } from '../domain/customer/decide';
import type { CustomerAnswer } from '../domain/customer/events';
import { ensureRoomAccess, isManager, roomAccess, type Actor } from '../domain/shared/access';
import { invalidField, roomNotFound } from '../domain/shared/errors';
import { checkedText, hasInternalNoteMarker } from '../domain/shared/text';
import {
  accountRevision,
  bookingsOfAccount,
  bookingsOfCustomer,
  messagesOfRoom,
  roomById,
  roomsOfAccount,
  type BookingView,
} from '../projections/queries';
import { isId, subjects } from './aggregates';
import type { Caller, ConversationsDeps } from './deps';
import { loadRoom, roomView, runOnRoom } from './rooms';
import {
  bookingsPage,
  clientId as validClientId,
  conversationFilter,
  optionalText,
  productIds as validProductIds,
  text,
} from './validate';
import { answerRevision, stillCurrent } from './read-revision';
import { encodeRoomCursor, roomsPage } from './room-cursor';
import { postedMessage } from './visitor-chat';
import { answersOf } from './visitor-extras';
import type { MessageView, RoomView } from './views';

const teamActor = (caller: Caller): Actor => ({ kind: 'team', ...caller });
const meta = (caller: Caller) => ({ actor: caller.userId });
/** An AGENT sees what is shared with them (their user id); the account's managers see everything (null). */
const agentScope = (caller: Caller): string | null => (isManager(caller.role) ? null : caller.userId);

/**
 * One page of the caller's rooms (every room of the account for OWNER/ADMIN, the shared ones for
 * an AGENT), newest activity first; `nextCursor` continues after its last row, null at the end.
 * `revision` names the account's rows the page was read from; a caller that still holds the page
 * of that revision (`ifRevision`) is told `unchanged` instead, after the same read-your-writes wait.
 */
export async function listRooms(
  deps: ConversationsDeps,
  caller: Caller,
  input: { filter: string; domainId: string; limit?: number; cursor?: string; ifRevision?: string },
): Promise<{ rooms: RoomView[]; nextCursor: string | null; revision: string; unchanged: boolean }> {
  const filter = conversationFilter(input.filter);
  const page = roomsPage(input);
  if (input.domainId && !isId(input.domainId))
    return { rooms: [], nextCursor: null, revision: '', unchanged: false };
  // Read before the page, so the page is at least as new as the revision it is named by.
  const revision = await currentRevision(deps, caller);
  if (stillCurrent(input.ifRevision, revision))
    return { rooms: [], nextCursor: null, revision, unchanged: true };
  const { rooms, next } = await roomsOfAccount(deps.pool, {
    accountId: caller.accountId,
    agentId: agentScope(caller),
    filter,
    domainId: input.domainId || null,
    limit: page.limit,
    after: page.after,
  });
  return {
    rooms: rooms.map(({ accountId: _a, ...room }) => room),
    nextCursor: next ? encodeRoomCursor(next) : null,
    revision,
    unchanged: false,
  };
}

/** The revision of the caller's account's rows, after the read-your-writes wait. */
async function currentRevision(deps: ConversationsDeps, caller: Caller): Promise<string> {
  await deps.readModel.caughtUp();
  return answerRevision(await accountRevision(deps.pool, caller.accountId));
}

/**
 * A room's messages, oldest first, with its row. As the list, named by a revision: while the
 * account's rows are unchanged since the caller's `ifRevision`, the answer is `unchanged`. No
 * access check then: the caller holds that answer only because it was given to them, and the
 * rows that decided it are the same.
 */
export async function getRoomMessages(
  deps: ConversationsDeps,
  caller: Caller,
  input: { roomId: string; includeBot: boolean; ifRevision?: string },
): Promise<{ room: RoomView | null; messages: MessageView[]; revision: string; unchanged: boolean }> {
  if (!isId(input.roomId)) throw roomNotFound();
  const revision = await currentRevision(deps, caller);
  if (stillCurrent(input.ifRevision, revision))
    return { room: null, messages: [], revision, unchanged: true };
  const found = await roomById(deps.pool, input.roomId);
  if (!found) throw roomNotFound();
  ensureRoomAccess(found, teamActor(caller));
  const { accountId: _a, ...room } = found;
  const messages = await messagesOfRoom(deps.pool, room.id, {
    includeBot: input.includeBot,
    forTeam: true,
  });
  return { room, messages, revision, unchanged: false };
}

/** The room's row from its aggregate, for a caller who may reach it. */
export async function getRoom(deps: ConversationsDeps, caller: Caller, roomId: string): Promise<RoomView> {
  const state = await loadRoom(deps, roomId);
  if (!state) throw roomNotFound();
  ensureRoomAccess(state, teamActor(caller));
  return roomView(deps, state);
}

/** Whether the caller may reach the room; a foreign or missing room is simply false. */
export async function checkRoomAccess(
  deps: ConversationsDeps,
  caller: Caller,
  roomId: string,
): Promise<boolean> {
  const state = await loadRoom(deps, roomId);
  return state !== null && roomAccess(state, teamActor(caller)) === 'granted';
}

/** Role assistant, the caller as team member; notes (internal | transfer) stay with the team. */
export async function postTeamMessage(
  deps: ConversationsDeps,
  caller: Caller,
  input: {
    roomId: string;
    content: string;
    memberName: string;
    isNote: boolean;
    noteType: string;
    link: string;
    productIds: string[];
    clientId: string;
  },
): Promise<{ room: RoomView; message: MessageView }> {
  const content = checkedText(input.content ?? '');
  const isNote = Boolean(input.isNote) || hasInternalNoteMarker(content);
  let noteType: NoteType | undefined;
  if (isNote) {
    const given = input.noteType || 'internal';
    if (!(NOTE_TYPES as readonly string[]).includes(given)) {
      throw invalidField('noteType', `noteType must be one of ${NOTE_TYPES.join(', ')}`);
    }
    noteType = given as NoteType;
  }
  const link = optionalText(input.link, 'link', 'Link', 2000);
  const memberName = optionalText(input.memberName, 'memberName', 'Member name', 200);
  const productIds = validProductIds(input.productIds);
  const clientId = validClientId(input.clientId);
  const outcome = await runOnRoom(
    deps,
    input.roomId,
    {
      type: 'PostMessage',
      actor: teamActor(caller),
      message: {
        messageId: randomUUID(),
        ...(clientId ? { clientId } : {}),
        role: 'assistant',
        author: 'team',
        content,
        teamMemberId: caller.userId,
        ...(memberName ? { teamMemberName: memberName } : {}),
        isNote,
        ...(noteType ? { noteType } : {}),
        ...(link ? { link } : {}),
        productIds,
      },
      now: deps.clock(),
    },
    meta(caller),
  );
  return {
    room: await roomView(deps, outcome.state),
    message: postedMessage(outcome.state, 'team', clientId),
  };
}

/** Live on records LiveModeChanged and posts 'Live support mode has been enabled'; the same value again records nothing. */
export async function setLiveMode(
  deps: ConversationsDeps,
  caller: Caller,
  input: { roomId: string; live: boolean },
): Promise<RoomView> {
  const outcome = await runOnRoom(
    deps,
    input.roomId,
    {
      type: 'SetLiveMode',
      actor: teamActor(caller),
      live: Boolean(input.live),
      changedBy: caller.userId,
      systemMessageId: randomUUID(),
      now: deps.clock(),
    },
    meta(caller),
  );
  return roomView(deps, outcome.state);
}

export async function markSeenByTeam(deps: ConversationsDeps, caller: Caller, roomId: string): Promise<void> {
  await runOnRoom(
    deps,
    roomId,
    { type: 'MarkSeen', actor: teamActor(caller), by: 'team', now: deps.clock() },
    meta(caller),
  );
}

/** OWNER/ADMIN only; the gateway checked with identity that the member is an agent of the account. */
export async function shareRoom(
  deps: ConversationsDeps,
  caller: Caller,
  input: { roomId: string; memberId: string; share: boolean },
): Promise<RoomView> {
  const memberId = text(input.memberId, 'memberId', 'Member', 200);
  const outcome = await runOnRoom(
    deps,
    input.roomId,
    { type: input.share ? 'Share' : 'Unshare', actor: teamActor(caller), memberId, now: deps.clock() },
    meta(caller),
  );
  return roomView(deps, outcome.state);
}

export interface CustomerDetailView {
  customerId: string;
  email: string | null;
  answers: CustomerAnswer[];
  bookings: BookingView[];
  createdAt: string;
}

/** The customer behind a room (insights panel): email and answers from the customer, bookings from the read model. */
export async function getRoomCustomer(
  deps: ConversationsDeps,
  caller: Caller,
  roomId: string,
): Promise<CustomerDetailView> {
  const room = await loadRoom(deps, roomId);
  if (!room) throw roomNotFound();
  ensureRoomAccess(room, teamActor(caller));
  const { state: customer } = await deps.watched.load(
    subjects(deps.store).customer(room.customerId),
    customerDecider,
  );
  return {
    customerId: room.customerId,
    email: customer.email,
    answers: answersOf(customer),
    bookings: await deps.readModel
      .caughtUp()
      .then(() => bookingsOfCustomer(deps.pool, room.customerId, agentScope(caller))),
    createdAt: customer.createdAt,
  };
}

/**
 * One page of the caller's bookings: every booking of the account for OWNER/ADMIN, for an AGENT
 * those whose conversation is shared with them (a booking without one is the managers').
 */
export async function listBookings(
  deps: ConversationsDeps,
  caller: Caller,
  input: { domainId: string; sort: string; when: string; page: number; pageSize: number },
): Promise<{ bookings: BookingView[]; total: number; page: number; pageSize: number }> {
  const { sort, period, page, pageSize } = bookingsPage(input);
  if (input.domainId && !isId(input.domainId)) return { bookings: [], total: 0, page, pageSize };
  await deps.readModel.caughtUp();
  const found = await bookingsOfAccount(deps.pool, {
    accountId: caller.accountId,
    agentId: agentScope(caller),
    domainId: input.domainId || null,
    sort,
    period,
    today: new Date(deps.clock()).toISOString().slice(0, 10),
    page,
    pageSize,
  });
  return { ...found, page, pageSize };
}
