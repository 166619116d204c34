import type { FilterQuestionItem } from '../knowledge/model';
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

/**
 * The first question in the owner's order the customer has not answered, refused, nor passed
 * over twice.
 */
export function nextQuestion(
  state: ConversationState,
  questions: FilterQuestionItem[],
  settledNow: string[] = [],
): FilterQuestionItem | null {
  return (
    questions.find(
      (q) =>
        !state.answered.includes(q.id) &&
        !state.declined.includes(q.id) &&
        !settledNow.includes(q.id) &&
        (state.asked[q.id] ?? 0) < MAX_ASKS,
    ) ?? null
  );
}

const EMAIL_QUESTION = [
  /\be-?mail\s*(address|addr)\b/,
  /\b(your|an|the|what|which|whats|what's)\s+e-?mail\b/,
  /^e-?mail\b/,
];

/**
 * The question asks for the visitor's email ("What is your email address?", "Your e-mail?"),
 * not about email ("Can we email you offers?"). Its answer is the address the visitor gives,
 * wherever in the chat they give it.
 */
export function asksForEmail(question: string): boolean {
  const q = question.toLowerCase().replace(/[’]/g, "'").trim();
  return EMAIL_QUESTION.some((re) => re.test(q));
}

export const answerText = (text: string): string => text.trim().slice(0, MAX_ANSWER_LENGTH);
