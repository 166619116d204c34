import { randomUUID } from 'node:crypto';
import { executeCommand } from '@parley/eventstore';
import { roomDecider } from '../domain/room/decide';
import { clientKey, isSeen, type RoomState } from '../domain/room/state';
import type { Actor } from '../domain/shared/access';
import { cleanVisitorText } from '../domain/shared/text';
import { subjects } from './aggregates';
import { keyRoom, roomToPost, visitorCustomer } from './customers';
import type { ConversationsDeps, Visitor } from './deps';
import { clientId as validClientId } from './validate';
import { messagesOf, messageView, roomViewOf, type MessageView, type RoomView } from './views';

export interface VisitorChatView {
  /** null before the visitor's first message. */
  room: RoomView | null;
  messages: MessageView[];
}

const visitorActor = (customerId: string, domainId: string): Actor => ({
  kind: 'visitor',
  customerId,
  domainId,
});

/**
 * The visitor's current room (the latest opened under their key) and its messages (never
 * notes), from the room itself.
 */
export async function getVisitorChat(deps: ConversationsDeps, visitor: Visitor): Promise<VisitorChatView> {
  const { customer, domain, key } = await visitorCustomer(deps, visitor);
  const current = await keyRoom(deps, customer, key);
  if (!current) return { room: null, messages: [] };
  const { state } = current;
  return {
    room: roomViewOf(state, { domain: domain.domain, customerEmail: customer.email }, true),
    messages: messagesOf(state, true),
  };
}

/** The message a command posted: by the sender's client id when it gave one, else the newest. */
export function postedMessage(
  state: RoomState,
  author: 'visitor' | 'team' | 'bot',
  clientId?: string,
): MessageView {
  const index = clientId ? state.byClientId[clientKey(author, clientId)] : undefined;
  const i = index ?? state.messages.length - 1;
  const m = state.messages[i];
  if (!m) throw new Error(`room ${state.roomId} has no message after a post`);
  return messageView(m, isSeen(state, i));
}

/**
 * Posts the visitor's message to the latest room of their key, opening it with the first message
 * (RoomOpened and MessagePosted in one append). A retried send with the same client id answers
 * the message it posted the first time. `offline`: left with the widget's offline form (issue 17).
 */
export async function postVisitorMessage(
  deps: ConversationsDeps,
  visitor: Visitor,
  input: { content: string; clientId: string; offline?: boolean },
): Promise<{ room: RoomView; message: MessageView }> {
  const content = cleanVisitorText(input.content ?? '');
  const clientId = validClientId(input.clientId);
  const { customer, domain, key } = await visitorCustomer(deps, visitor);
  const roomId = await roomToPost(deps, customer, visitor.keyId, key);
  const outcome = await executeCommand(
    deps.store,
    subjects(deps.store).room(roomId),
    roomDecider,
    {
      type: 'PostMessage',
      actor: visitorActor(customer.customerId, customer.domainId),
      open: {
        roomId,
        accountId: customer.accountId,
        domainId: customer.domainId,
        customerId: customer.customerId,
        keyId: visitor.keyId,
      },
      message: {
        messageId: randomUUID(),
        ...(clientId ? { clientId } : {}),
        role: 'user',
        author: 'visitor',
        content,
        isNote: false,
        productIds: [],
        ...(input.offline ? { offline: true } : {}),
      },
      now: deps.clock(),
    },
    { commandId: randomUUID(), meta: { actor: `customer:${customer.customerId}` } },
  );
  return {
    room: roomViewOf(outcome.state, { domain: domain.domain, customerEmail: customer.email }, true),
    message: postedMessage(outcome.state, 'visitor', clientId),
  };
}

/** The visitor has seen the team's and the bot's messages of their current room. */
export async function markSeenByVisitor(deps: ConversationsDeps, visitor: Visitor): Promise<void> {
  const { customer, key } = await visitorCustomer(deps, visitor);
  const current = await keyRoom(deps, customer, key);
  if (!current) return;
  await executeCommand(
    deps.store,
    subjects(deps.store).room(current.roomId),
    roomDecider,
    {
      type: 'MarkSeen',
      actor: visitorActor(customer.customerId, customer.domainId),
      by: 'visitor',
      now: deps.clock(),
    },
    { commandId: randomUUID() },
  );
}
