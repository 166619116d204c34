import { AppError, type ChatMessage } from '@parley/contracts';
import { visitorMessageSchema } from '@parley/contracts/validation';
import type { Visitor } from '../../auth/visitor-token';
import type { CallContext } from '../../clients/call-context';
import type { ConversationsClient } from '../../clients/conversations-client';
import { parseBody } from '../validation';
import { chatMessageView } from './conversation-views';

export interface PostedVisitorMessage {
  roomId: string;
  message: ChatMessage;
}

/**
 * A visitor's message, validated and posted: what POST /api/widget/messages and the widget
 * socket's 'visitor-message' both run, so the two answer alike (same checks, same errors).
 */
export async function postVisitorMessage(
  conversations: Pick<ConversationsClient, 'postVisitorMessage'>,
  visitor: Visitor,
  body: unknown,
  context: CallContext,
): Promise<PostedVisitorMessage> {
  const input = parseBody(visitorMessageSchema, body);
  const posted = await conversations.postVisitorMessage(
    visitor,
    { content: input.content, clientId: input.clientId ?? '' },
    context,
  );
  if (!posted.message || !posted.room) throw new AppError('internal', 'conversations answered no message');
  return { roomId: posted.room.id, message: chatMessageView(posted.message, new Map()) };
}
