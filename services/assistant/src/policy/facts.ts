import { ConversationsEvent, type LiveModeChanged, type MessagePosted } from '@parley/contracts';
import { parseDecision } from './decision';
import type { PolicyOutcome } from './io';
import type { PolicyFact } from './state';

/**
 * The policy's facts from the conversations room events the service consumes; null for events
 * that change nothing the policy keeps (notes, system pills, seen marks, sharing).
 */
export function roomFact(
  event:
    | { type: typeof ConversationsEvent.MessagePosted; data: MessagePosted }
    | { type: typeof ConversationsEvent.LiveModeChanged; data: LiveModeChanged }
    | { type: string; data: unknown },
): PolicyFact | null {
  if (event.type === ConversationsEvent.LiveModeChanged) {
    return { type: 'LiveSwitched', live: (event.data as LiveModeChanged).live };
  }
  if (event.type !== ConversationsEvent.MessagePosted) return null;
  const m = event.data as MessagePosted;
  if (m.isNote) return null;
  switch (m.author) {
    case 'visitor':
      return { type: 'VisitorMessaged', id: m.messageId, text: m.content };
    case 'bot':
      // The client id the policy chose, so a reply already applied by `outcomeFacts` is not counted twice.
      return {
        type: 'BotReplied',
        id: m.clientId ?? m.messageId,
        text: m.content,
        decision: parseDecision(m.decision),
      };
    case 'team':
      return { type: 'TeamReplied', id: m.messageId, text: m.content };
    case 'system':
      return null;
  }
}

/**
 * What a decision will have changed once the service carried it out, to apply at once: a visitor
 * who writes again before the bot's messages come back as events then meets the room as it is.
 */
export function outcomeFacts(outcome: PolicyOutcome): PolicyFact[] {
  return outcome.actions.flatMap((action): PolicyFact[] => {
    switch (action.type) {
      case 'post':
        return [{ type: 'BotReplied', id: action.clientId, text: action.content, decision: action.decision }];
      case 'set-email':
        return [{ type: 'EmailSet', email: action.email }];
      case 'save-answer':
        return [{ type: 'AnswersSaved', questionIds: [action.questionId] }];
      case 'request-handoff':
        return [{ type: 'LiveSwitched', live: true }];
      case 'mark-mailed':
        return [];
    }
  });
}
