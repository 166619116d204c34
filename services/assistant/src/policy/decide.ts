import type { EngineReply } from '../engine/types';
import type { FilterQuestionItem } from '../knowledge/model';
import { describeSource } from '../knowledge/labels';
import {
  clip,
  MAX_CANDIDATES,
  round2,
  type DecisionRecord,
  type HandoffReason,
  type Outcome,
  type Part,
} from './decision';
import { answerText, isReplyToQuestion, nextQuestion, pendingQuestion } from './filter-questions';
import {
  handoffSettingOf,
  handsOffWhenNotHelped,
  UNRESOLVED_THRESHOLD,
  type HandoffSetting,
} from './handoff-setting';
import type { PolicyAction, PolicyInput, PolicyOutcome, Usage } from './io';
import { bookingLink, hasNoKnowledge, productsToOffer } from './offers';
import { findEmail, isAffirmative, mostlyEmail, saysNotHelped } from './signals';
import type { ConversationState } from './state';
import { texts } from './texts';

/** The reason the room's LiveModeChanged records, for the team (not the visitor). */
const HANDOFF_REASON_TEXT: Record<HandoffReason, string> = {
  asked: 'The visitor asked for a person',
  setting: 'The assistant could not resolve the visitor’s messages',
  'not-helped': 'The visitor said the answer did not help',
  'offer-accepted': 'The visitor accepted the offer of a person',
  'no-knowledge': 'The assistant has no knowledge to answer from',
};

/** Whether the service should run an engine for the next message at all. */
export const needsEngine = (state: ConversationState, usage: Usage): boolean => !state.live && usage.allowed;

interface Post {
  part: Part;
  content: string;
  link: string | null;
  productIds: string[];
}

/** The turn being decided: filled in step by step, then turned into actions and one record. */
interface Turn {
  outcome: Outcome;
  why: string[];
  posts: Post[];
  email: string | null;
  saved: (FilterQuestionItem & { answer: string }) | null;
  asked: { id: string; times: number } | null;
  unresolved: number;
  offeredPerson: boolean;
  handoff: { reason: HandoffReason; setting: HandoffSetting; threshold?: number } | null;
  limitPeriod: string | null;
}

const post = (part: Part, content: string, link: string | null = null, productIds: string[] = []): Post => ({
  part,
  content,
  link,
  productIds,
});

/**
 * One visitor message -> what the bot does. `state` is the room before this message (having
 * evolved it with the message already is fine too).
 */
export function decide(state: ConversationState, input: PolicyInput): PolicyOutcome {
  const turn: Turn = {
    outcome: 'silent',
    why: [],
    posts: [],
    email: null,
    saved: null,
    asked: null,
    unresolved: state.unresolvedInARow,
    offeredPerson: state.offeredPerson,
    handoff: null,
    limitPeriod: null,
  };
  if (state.live) {
    turn.why.push('live room: the team answers, the bot stays silent');
    return finish(turn, input);
  }
  if (!input.usage.allowed) return limitReached(state, input.usage.period, turn, input);
  converse(state, input, turn);
  return finish(turn, input);
}

function limitReached(
  state: ConversationState,
  period: string,
  turn: Turn,
  input: PolicyInput,
): PolicyOutcome {
  if (state.limitNoticePeriod === period) {
    turn.why.push(`request limit reached (${period}); the visitor was already told a person will reply`);
    return finish(turn, input);
  }
  turn.outcome = 'limit-notice';
  turn.limitPeriod = period;
  turn.why.push(`request limit reached (${period}): no bot answer, the visitor is told a person will reply`);
  turn.posts.push(post('limit', texts.limitReached));
  return finish(turn, input);
}

function converse(state: ConversationState, input: PolicyInput, turn: Turn): void {
  const { knowledge, message, engine } = input;
  const config = knowledge.config;
  const setting = handoffSettingOf(config);
  const understanding = engine?.understanding ?? null;
  const reply = engine?.ok ? engine.reply : null;
  const intent = understanding?.intent ?? null;
  const first =
    !state.greeted && (state.firstVisitorMessageId === null || state.firstVisitorMessageId === message.id);

  const email = understanding?.email ?? findEmail(message.text);
  if (email && email !== state.email) {
    turn.email = email;
    turn.why.push('the visitor gave an email: set on the customer');
  }

  const handOff = (reason: HandoffReason, why: string, threshold?: number): void => {
    turn.outcome = 'handoff';
    turn.handoff = { reason, setting, ...(threshold !== undefined ? { threshold } : {}) };
    turn.unresolved = 0;
    turn.offeredPerson = false;
    turn.why.push(`handoff: ${why}`);
    turn.posts = [post('handoff', texts.handoff(config))];
  };

  if (intent === 'handoff') return handOff('asked', 'the visitor asked for a person');
  if (state.offeredPerson && isAffirmative(message.text)) {
    return handOff('offer-accepted', 'the visitor accepted the offer of a person');
  }
  const notHelped = state.lastOutcome === 'answer' && saysNotHelped(message.text);
  if (notHelped && handsOffWhenNotHelped(setting)) {
    return handOff('not-helped', `the visitor said the answer did not help (setting ${setting})`);
  }
  // An offer of a person stands for the very next message only.
  turn.offeredPerson = false;

  if (first) {
    turn.posts.push(post('greeting', texts.greeting(knowledge.welcomeMessage, config)));
    turn.outcome = 'greeting';
    turn.why.push('first visitor message: greeted with the welcome message');
  }
  if (turn.email) turn.posts.push(post('email', texts.emailThanks(turn.email)));

  const pending = pendingQuestion(state, knowledge.filterQuestions);
  if (pending && isReplyToQuestion(message.text, understanding)) {
    turn.saved = { ...pending, answer: answerText(message.text) };
    turn.outcome = 'filter-answer';
    turn.why.push(`taken as the answer to “${pending.question}”`);
    if (!askNext(state, input, turn, true)) turn.posts.push(post('reply', texts.answersComplete));
    return;
  }

  if (intent === 'booking') {
    turn.outcome = 'booking';
    turn.unresolved = 0;
    turn.offeredPerson = false;
    turn.why.push('the visitor wants a meeting: offered the booking flow');
    turn.posts.push(post('reply', texts.booking, bookingLink(reply, knowledge)));
    return;
  }

  if (intent === 'purchase') {
    if (knowledge.products.length === 0) {
      turn.why.push('the visitor wants to buy but the domain lists no products');
      return unresolved(turn, post('reply', texts.purchaseNoProducts), 'offer-person', setting, handOff);
    }
    const offer = productsToOffer(reply, knowledge);
    turn.outcome = 'purchase';
    turn.unresolved = 0;
    turn.offeredPerson = false;
    turn.why.push(`the visitor wants to buy: product cards (${offer.from})`);
    const text = reply?.kind === 'answer' && offer.from === 'engine' ? reply.text : texts.purchase;
    turn.posts.push(post('reply', text, null, offer.ids));
    return;
  }

  if (turn.email && (intent === 'email' || (!understanding && mostlyEmail(message.text, turn.email)))) {
    turn.outcome = 'email';
    askNext(state, input, turn, false);
    return;
  }

  if (!engine || !engine.ok) {
    turn.why.push(engine ? `engine failed: ${engine.error}` : 'no engine ran');
    return unresolved(turn, post('reply', texts.cannotAnswer), 'offer-person', setting, handOff);
  }

  if (intent === 'chitchat') {
    if (!first && reply?.text.trim()) {
      turn.posts.push(post('reply', reply.text, reply.link, reply.productIds));
    }
    turn.outcome = first ? 'greeting' : 'chitchat';
    const asked = askNext(state, input, turn, false);
    // The widget shows the owner's welcome message above the chat from the start, so to the
    // visitor the greeting repeats it: a first "hello" needs words of its own when nothing is asked.
    if (first && !asked && knowledge.welcomeMessage.trim())
      turn.posts.push(post('reply', texts.howCanWeHelp));
    return;
  }

  answer(state, input, turn, engine.reply, setting, handOff);
}

type HandOff = (reason: HandoffReason, why: string, threshold?: number) => void;

/** A question for the engine's reply: answered, or one more unresolved message. */
function answer(
  state: ConversationState,
  input: PolicyInput,
  turn: Turn,
  reply: EngineReply,
  setting: HandoffSetting,
  handOff: HandOff,
): void {
  // Only extensive gets here with it: there "did not help" is one more unresolved message.
  const notHelped = state.lastOutcome === 'answer' && saysNotHelped(input.message.text);
  const reply_ = post('reply', reply.text, reply.link, reply.productIds);
  if (reply.kind === 'answer' && !notHelped) {
    turn.outcome = 'answer';
    turn.unresolved = 0;
    turn.offeredPerson = false;
    turn.posts.push(reply_);
    turn.why.push(
      `answered from ${reply.source ? describeSource(input.knowledge, reply.source) : 'the engine'}`,
    );
    askNext(state, input, turn, false);
    return;
  }
  if (reply.kind !== 'answer' && hasNoKnowledge(input.knowledge)) {
    return handOff('no-knowledge', 'the domain has no knowledge to answer from');
  }
  turn.why.push(notHelped ? 'the visitor said the answer did not help' : `engine replied ${reply.kind}`);
  const kind = reply.kind === 'answer' ? 'clarify' : reply.kind;
  unresolved(turn, reply_, kind, setting, handOff);
}

/** The bot could not resolve the message: reply as given, unless that makes one too many. */
function unresolved(
  turn: Turn,
  reply: Post,
  kind: 'clarify' | 'offer-person',
  setting: HandoffSetting,
  handOff: HandOff,
): void {
  const count = turn.unresolved + 1;
  const threshold = UNRESOLVED_THRESHOLD[setting];
  if (count >= threshold) {
    return handOff('setting', `${count} unresolved messages in a row (setting ${setting})`, threshold);
  }
  turn.outcome = kind;
  turn.unresolved = count;
  turn.offeredPerson = kind === 'offer-person';
  turn.posts.push(reply);
}

/** Asks the next filter question; false when none is left to ask. */
function askNext(state: ConversationState, input: PolicyInput, turn: Turn, afterAnswer: boolean): boolean {
  const question = nextQuestion(state, input.knowledge.filterQuestions, turn.saved ? [turn.saved.id] : []);
  if (!question) return false;
  const times = (state.asked[question.id] ?? 0) + 1;
  turn.asked = { id: question.id, times };
  turn.why.push(
    `asked “${question.question}” (${times > 1 ? 'again, ' : ''}next unanswered in the owner's order)`,
  );
  turn.posts.push(post('ask', texts.ask(question.question, afterAnswer)));
  return true;
}

function finish(turn: Turn, input: PolicyInput): PolicyOutcome {
  const decision = record(turn, input);
  const actions: PolicyAction[] = [];
  if (turn.email) actions.push({ type: 'set-email', email: turn.email });
  if (turn.saved) {
    actions.push({
      type: 'save-answer',
      questionId: turn.saved.id,
      question: turn.saved.question,
      answer: turn.saved.answer,
    });
  }
  for (const p of turn.posts) {
    actions.push({
      type: 'post',
      part: p.part,
      clientId: `${input.message.id}:${p.part}`,
      content: p.content,
      link: p.link,
      productIds: p.productIds,
      decision: { ...decision, part: p.part },
    });
  }
  if (turn.handoff) {
    actions.push({ type: 'request-handoff', reason: HANDOFF_REASON_TEXT[turn.handoff.reason] });
    actions.push({ type: 'mark-mailed' });
  }
  return { actions, decision };
}

function record(turn: Turn, input: PolicyInput): DecisionRecord {
  const engine = input.engine;
  const reply = engine?.ok ? engine.reply : null;
  const understanding = engine?.understanding ?? null;
  return {
    v: 1,
    replyTo: input.message.id,
    outcome: turn.outcome,
    engine: engine?.engine ?? null,
    intent: understanding?.intent ?? null,
    confidence: reply ? round2(reply.confidence) : understanding ? round2(understanding.confidence) : null,
    source: reply?.source ?? null,
    candidates: (reply?.candidates ?? []).slice(0, MAX_CANDIDATES).map((c) => ({
      kind: c.source.kind,
      id: clip(c.source.id, 64),
      confidence: round2(c.confidence),
    })),
    greeted: turn.posts.some((p) => p.part === 'greeting'),
    emailSet: turn.email !== null,
    saved: turn.saved ? [turn.saved.id] : [],
    asked: turn.asked,
    unresolved: turn.unresolved,
    offeredPerson: turn.offeredPerson,
    handoff: turn.handoff,
    limitPeriod: turn.limitPeriod,
    engineError: engine && !engine.ok ? clip(engine.error) : null,
    fallback: reply?.fallbackReason ?? null,
    why: turn.why.map((w) => clip(w)),
  };
}
