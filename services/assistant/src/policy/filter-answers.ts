import type { EngineReply, Understanding } from '../engine/types';
import type { FilterQuestionItem } from '../knowledge/model';
import { answerText, asksForEmail, pendingQuestion } from './filter-questions';
import {
  besidesEmail,
  correctsItself,
  declines,
  isPleasantry,
  looksLikeQuestion,
  saysNotHelped,
} from './signals';
import type { ConversationState } from './state';

/**
 * Which filter questions one visitor message answers. The bot asks one question at a time, but
 * visitors do not keep to that: they give the email before it is asked, answer a later question
 * first, put two answers in one message, refuse, mistype their address or change their mind. So
 * an answer goes to the question it answers, not simply to the one asked last:
 *
 * - an email address answers every question that asks for the email (`asksForEmail`), whenever
 *   it is given, and a new address replaces the old answer; the address alone is kept;
 * - "actually ..." about a question answered before changes that answer;
 * - a statement answers the question waiting for a reply, unless that one asks for the email:
 *   then it answers the question the engine matched it to (out of order), or it is no email and
 *   the question is asked again, saying so (a second reply in a row without one passes it over);
 * - a refusal passes the waiting question over for good.
 *
 * Which question a statement is about comes from the engine's best candidate: a filter question
 * (kind `faq`, indexed with its owner answer) at confidence MATCH or more.
 */

export type SavedAnswer = FilterQuestionItem & { answer: string };

export interface FilterAnswers {
  saves: SavedAnswer[];
  /** The waiting question, refused, or twice in a row answered with no valid email: not asked again. */
  declined: { question: FilterQuestionItem; why: 'refused' | 'no-email' } | null;
  /** The waiting question asks for the email and the reply held none: ask it again, saying so. */
  notAnEmail: FilterQuestionItem | null;
  /** An earlier answer was replaced. */
  changed: boolean;
  /** The message was about the questions alone: it needs no answer of the engine's. */
  settled: boolean;
}

/** A statement's match to a filter question counts from this confidence of the engine's. */
export const MATCH = 0.35;

/**
 * The answers an email address gives: to each question for the email that has no answer yet,
 * or to all of them when the address is new (the visitor gave another one).
 */
export function emailAnswers(
  state: ConversationState,
  questions: FilterQuestionItem[],
  email: { address: string; isNew: boolean } | null,
): SavedAnswer[] {
  if (!email) return [];
  return questions
    .filter((q) => asksForEmail(q.question) && (email.isNew || !state.answered.includes(q.id)))
    .map((q) => ({ ...q, answer: email.address }));
}

/** What the message answers besides the email (`savedNow`: the questions it answered already). */
export function readFilterAnswers(input: {
  state: ConversationState;
  questions: FilterQuestionItem[];
  text: string;
  understanding: Understanding | null;
  reply: EngineReply | null;
  /** The valid address in the message, if any. */
  email: string | null;
  savedNow: string[];
}): FilterAnswers {
  const { state, questions, understanding, reply, savedNow } = input;
  const result: FilterAnswers = {
    saves: [],
    declined: null,
    notAnEmail: null,
    changed: false,
    settled: false,
  };
  const answered = (q: FilterQuestionItem) => state.answered.includes(q.id) || savedNow.includes(q.id);
  const take = (q: FilterQuestionItem, text: string): FilterAnswers => {
    result.saves.push({ ...q, answer: answerText(text) });
    result.settled = true;
    return result;
  };

  const rest = input.email ? besidesEmail(input.text, input.email) : input.text.trim();
  const statement = rest !== '' && isStatement(rest, understanding);
  const matched = statement ? questionMatched(reply, questions, savedNow) : null;
  const pending = pendingQuestion(state, questions);

  if (matched && answered(matched) && matched.id !== pending?.id && correctsItself(rest)) {
    result.changed = true;
    return take(matched, rest);
  }
  if (!pending || savedNow.includes(pending.id)) {
    // The waiting question took the address: what else the message says may answer another.
    if (pending && matched && !answered(matched)) return take(matched, rest);
    return result;
  }
  if (rest === '') return result; // only an address: the waiting question still waits

  const forEmail = asksForEmail(pending.question);
  if (declines(rest, forEmail)) {
    result.declined = { question: pending, why: 'refused' };
    result.settled = true;
    return result;
  }
  if (!statement) return result; // asked something of its own: answered, and the question asked again
  if (!forEmail) return take(pending, rest);

  // The waiting question asks for the email, and the message gave none.
  if (matched && !answered(matched)) return take(matched, rest);
  if (state.invalidEmailFor === pending.id) result.declined = { question: pending, why: 'no-email' };
  else result.notAnEmail = pending;
  result.settled = true;
  return result;
}

/**
 * A reply rather than something of the visitor's own: not a question, greeting, thanks or
 * "that did not help", nor a booking, purchase or handoff. Not the engine's confidence: "about 40
 * dollars" after "What is your budget?" is an answer, however well it matches products.
 */
function isStatement(text: string, understanding: Understanding | null): boolean {
  const intent = understanding?.intent;
  if (intent === 'booking' || intent === 'purchase' || intent === 'handoff') return false;
  return !looksLikeQuestion(text) && !isPleasantry(text) && !saysNotHelped(text);
}

/** The filter question (not one for the email) the engine found the message to be about. */
function questionMatched(
  reply: EngineReply | null,
  questions: FilterQuestionItem[],
  savedNow: string[],
): FilterQuestionItem | null {
  const top = reply?.candidates[0];
  if (!top || top.source.kind !== 'faq' || top.confidence < MATCH) return null;
  const question = questions.find((q) => q.id === top.source.id);
  if (!question || asksForEmail(question.question) || savedNow.includes(question.id)) return null;
  return question;
}
