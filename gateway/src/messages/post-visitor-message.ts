import { AppError, type ChatMessage } from '@parley/contracts';
import { visitorMessageSchema } from '@parley/contracts/validation';
import type { Visitor } from '../auth/visitor-token';
import type { CallContext } from '../clients/call-context';
import type { ConversationsClient } from '../clients/conversations-client';
import type { RateLimits } from '../http/rate-limits';
import { parseBody } from '../http/validation';
import { chatMessageView } from '../http/routes/conversation-views';

export interface PostedVisitorMessage {
  roomId: string;
  message: ChatMessage;
  /**
   * The assistant takes the message up (the room is not live): the widget shows it typing at
   * once, before its socket has joined the room (the first message) and the assistant's own
   * signals reach it.
   */
  assistantAnswers: boolean;
}

export interface VisitorMessageSender {
  visitor: Visitor;
  /** The client's address (TRUST_PROXY honoured), for the per-address limit. */
  clientIp: string;
}

/**
 * A visitor's message, validated, counted against the visitor's and the address's limits, and
 * posted: what POST /api/widget/messages and the widget socket's 'visitor-message' both run, so
 * the two answer alike (same checks, same limits, same errors). Invalid input spends no point.
 */
export async function postVisitorMessage(
  deps: { conversations: Pick<ConversationsClient, 'postVisitorMessage'>; rateLimits: RateLimits },
  sender: VisitorMessageSender,
  body: unknown,
  context: CallContext,
): Promise<PostedVisitorMessage> {
  const { conversations, rateLimits } = deps;
  const { visitor, clientIp } = sender;
  const input = parseBody(visitorMessageSchema, body);
  await rateLimits.consumeInOrder([
    { policy: 'visitorMessage', key: visitor.customerId },
    { policy: 'visitorMessageIp', key: `${visitor.domainId}:${clientIp}` },
  ]);
  const posted = await conversations.postVisitorMessage(
    visitor,
    { content: input.content, clientId: input.clientId ?? '' },
    context,
  );
  if (!posted.message || !posted.room) throw new AppError('internal', 'conversations answered no message');
  return {
    roomId: posted.room.id,
    message: chatMessageView(posted.message, new Map()),
    assistantAnswers: !posted.room.live,
  };
}
