import { AppError } from '@parley/contracts';
import type { Logger } from '@parley/logger';
import type { PolicyAction } from '../policy';
import type { ConversationsActions } from './conversations-client';

export type CustomerFactAction = Extract<PolicyAction, { type: 'set-email' | 'save-answer' }>;

/**
 * What the visitor told the bot (their email, an answer to a filter question), recorded on the
 * room's customer. Conversations makes both idempotent, so a redelivered message repeats nothing.
 * A refusal of the input is final: the turn goes on without it (the visitor still gets the
 * bot's reply); any other failure fails the message, to be retried.
 */
export async function recordCustomerFact(
  conversations: ConversationsActions,
  logger: Logger,
  roomId: string,
  action: CustomerFactAction,
): Promise<void> {
  try {
    if (action.type === 'set-email') {
      await conversations.setRoomCustomerEmail(roomId, action.email);
    } else {
      const { questionId, question, answer } = action;
      await conversations.saveRoomCustomerAnswer({ roomId, questionId, question, answer });
    }
  } catch (e) {
    if (!(e instanceof AppError) || e.kind !== 'validation') throw e;
    logger.warn({ roomId, action: action.type, err: e }, 'conversations refused what the visitor gave');
  }
}
