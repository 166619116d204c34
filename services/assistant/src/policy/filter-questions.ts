import type { Understanding } from '../engine/types';
import type { FilterQuestionItem } from '../knowledge/model';
import { isPleasantry, looksLikeQuestion, saysNotHelped } from './signals';
import type { ConversationState } from './state';

/** A question the visitor passed over this often is not asked again in the room. */
export const MAX_ASKS = 2;
/** Conversations keeps a customer's answer at most this long (the widget's answer form's limit). */
export const MAX_ANSWER_LENGTH = 2000;

/** The filter question the bot is waiting on, if it still exists and is still unanswered. */
export function pendingQuestion(
  state: ConversationState,
  questions: FilterQuestionItem[],
): FilterQuestionItem | null {
  const id = state.pendingQuestionId;
  if (!id || state.answered.includes(id)) return null;
  return questions.find((q) => q.id === id) ?? null;
}

/** The first question in the owner's order the customer has not answered nor passed over twice. */
export function nextQuestion(
  state: ConversationState,
  questions: FilterQuestionItem[],
  answeredNow: string[] = [],
): FilterQuestionItem | null {
  return (
    questions.find(
      (q) =>
        !state.answered.includes(q.id) && !answeredNow.includes(q.id) && (state.asked[q.id] ?? 0) < MAX_ASKS,
    ) ?? null
  );
}

/**
 * Whether the visitor's message replies to the question the bot asked, rather than asking
 * something of its own (which is answered first, and the question asked again afterwards).
 */
export function isReplyToQuestion(text: string, understanding: Understanding | null): boolean {
  const intent = understanding?.intent;
  if (intent === 'booking' || intent === 'purchase' || intent === 'handoff' || intent === 'email')
    return false;
  // Not the engine's confidence: "about 40 dollars" after "What is your budget?" is an answer,
  // however well the engine could match it to products.
  return !looksLikeQuestion(text) && !isPleasantry(text) && !saysNotHelped(text);
}

export const answerText = (text: string): string => text.trim().slice(0, MAX_ANSWER_LENGTH);
