import type { EngineReply } from '../engine/types';
import { describeSource } from '../knowledge/labels';
import { shownWelcome } from '../knowledge/model';
import {
  clip,
  MAX_CANDIDATES,
  MAX_PARTS,
  round2,
  type DecisionRecord,
  type HandoffReason,
  type Outcome,
  type Part,
} from './decision';
import { emailAnswers, readFilterAnswers, type FilterAnswers, type SavedAnswer } from './filter-answers';
import { asksForEmail, nextQuestion } from './filter-questions';
import {
  handoffSettingOf,
  handsOffWhenNotHelped,
  UNRESOLVED_THRESHOLD,
  type HandoffSetting,
} from './handoff-setting';
import type { PolicyAction, PolicyInput, PolicyOutcome, Usage } from './io';
import { bookingLink, checkoutProduct, hasNoKnowledge, productsToOffer } from './offers';
import { findEmail, isAffirmative, mostlyEmail, saysNotHelped, validEmail } from './signals';
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
  checkoutProductId?: string;
}

/** The turn being decided: filled in step by step, then turned into actions and one record. */
interface Turn {
  outcome: Outcome;
  why: string[];
  posts: Post[];
  email: string | null;
  saved: SavedAnswer[];
  declined: string[];
  asked: { id: string; times: number } | null;
  notAnEmail: boolean;
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
    saved: [],
    declined: [],
    asked: null,
    notAnEmail: false,
    unresolved: state.unresolvedInARow,
    offeredPerson: state.offeredPerson,
    handoff: null,
    limitPeriod: null,
  };
  if (state.live) {
    turn.why.push('live room: the team answers, the bot stays silent');
    return finish(turn, input);
  }
  if (input.interrupted) {
    // Whatever the engine wrote, a bot message after 'Live support mode has been enabled' would
    // talk over the team.
    turn.outcome = 'aborted';
    turn.why.push('the room went live while the assistant was answering: nothing is posted');
    return finish(turn, input);
  }
  if (!input.usage.allowed) return limitReached(state, input.usage.period, turn, input);
  converse(state, input, turn);
  return finish(turn, input);
}

/**
 * The account has no requests left: the bot answers nothing (spec: "At the limit the bot stops
 * answering customers"). It says so once per room and billing period, offering a person; a
 * visitor who asks for one (or says yes to that offer) is handed over as at any other time, so
 * the room goes live and the owner is notified. Billing counts nothing for any of it.
 */
function limitReached(
  state: ConversationState,
  period: string,
  turn: Turn,
  input: PolicyInput,
): PolicyOutcome {
  const understanding = input.engine?.understanding ?? input.understanding ?? null;
  const asked = understanding?.intent === 'handoff';
  if (asked || (state.offeredPerson && isAffirmative(input.message.text))) {
    turn.limitPeriod = period;
    turn.why.push(`request limit reached (${period}): no answer, but a person when asked for`);
    const reason = asked ? 'asked' : 'offer-accepted';
    handTo(turn, input, reason, `the visitor ${asked ? 'asked for' : 'accepted'} a person`);
    return finish(turn, input);
  }
  if (state.limitNoticePeriod === period) {
    turn.why.push(`request limit reached (${period}); the visitor was already told`);
    return finish(turn, input);
  }
  turn.outcome = 'limit-notice';
  turn.limitPeriod = period;
  turn.offeredPerson = true;
  turn.why.push(`request limit reached (${period}): no bot answer; the visitor is told and offered a person`);
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

  const email = noteEmail(state, input, turn);

  const handOff: HandOff = (reason, why, threshold) => handTo(turn, input, reason, why, threshold);

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

  if (turn.email) turn.posts.push(post('email', texts.emailThanks(turn.email)));

  const filter = readFilterAnswers({
    state,
    questions: knowledge.filterQuestions,
    text: message.text,
    understanding,
    reply,
    email,
    savedNow: turn.saved.map((s) => s.id),
  });
  if (filter.settled) return filterAnswered(state, input, turn, filter);

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
    const checkout = checkoutProduct(offer, knowledge);
    if (checkout) {
      turn.why.push(`the visitor wants to buy ${checkout.name}: the payment flow (payments on)`);
      turn.posts.push({
        ...post('reply', texts.checkout(checkout.name), null, [checkout.id]),
        checkoutProductId: checkout.id,
      });
      return;
    }
    turn.why.push(
      `the visitor wants to buy: product cards (${offer.from}${knowledge.paymentsOn ? '' : '; payments off'})`,
    );
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
    // The widget shows the welcome message above the chat from the start: a first hello is
    // answered with a greeting of the bot's own, never that welcome again.
    if (first) {
      turn.posts.push(post('greeting', texts.greeting(shownWelcome(knowledge), config)));
      turn.why.push('first visitor message: greeted (in words other than the welcome message)');
    } else if (reply?.text.trim()) {
      turn.posts.push(post('reply', reply.text, reply.link, reply.productIds));
    }
    turn.outcome = first ? 'greeting' : 'chitchat';
    askNext(state, input, turn, false);
    return;
  }

  answer(state, input, turn, engine.reply, setting, handOff);
}

type HandOff = (reason: HandoffReason, why: string, threshold?: number) => void;

/**
 * The room goes to a person: the bot says so, and the room goes live with the owner notified.
 * Outside business hours nobody can join: the bot offers the widget's offline form (email and
 * message, which reach the owner) and the room stays with the bot.
 */
function handTo(
  turn: Turn,
  input: PolicyInput,
  reason: HandoffReason,
  why: string,
  threshold?: number,
): void {
  const config = input.knowledge.config;
  if (input.inHours === false) {
    turn.outcome = 'offline-form';
    turn.offeredPerson = false;
    turn.why.push(`${why}, outside business hours: the offline form instead of a handoff`);
    turn.posts = [post('offline', texts.offline, texts.offlineFormLink)];
    return;
  }
  turn.outcome = 'handoff';
  turn.handoff = {
    reason,
    setting: handoffSettingOf(config),
    ...(threshold !== undefined ? { threshold } : {}),
  };
  turn.unresolved = 0;
  turn.offeredPerson = false;
  turn.why.push(`handoff: ${why}`);
  turn.posts = [post('handoff', texts.handoff(config))];
}

/**
 * A valid address in the message: set on the customer when it is new, and the answer to the
 * questions for the email (as is the address the customer gave before). Returns the address.
 */
function noteEmail(state: ConversationState, input: PolicyInput, turn: Turn): string | null {
  const email = validEmail(input.engine?.understanding?.email ?? findEmail(input.message.text));
  if (email && email !== state.email) {
    turn.email = email;
    turn.why.push('the visitor gave an email: set on the customer');
  }
  const known = email ?? state.email;
  const address = known ? { address: known, isNew: turn.email !== null } : null;
  for (const saved of emailAnswers(state, input.knowledge.filterQuestions, address)) {
    turn.saved.push(saved);
    turn.why.push(`the email taken as the answer to “${saved.question}”`);
  }
  return email;
}

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
    const answeredParts = (reply.parts ?? []).filter((p) => p.source);
    turn.why.push(
      answeredParts.length > 1
        ? `answered ${answeredParts.length} questions in one reply: ${answeredParts.map((p) => describeSource(input.knowledge, p.source!)).join('; ')}`
        : `answered from ${reply.source ? describeSource(input.knowledge, reply.source) : 'the engine'}`,
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

/** The message answered, refused or missed filter questions, and asked nothing of its own. */
function filterAnswered(
  state: ConversationState,
  input: PolicyInput,
  turn: Turn,
  filter: FilterAnswers,
): void {
  turn.outcome = 'filter-answer';
  for (const saved of filter.saves) {
    turn.saved.push(saved);
    turn.why.push(`${filter.changed ? 'changed' : 'taken as'} the answer to “${saved.question}”`);
  }
  if (filter.notAnEmail) {
    const question = filter.notAnEmail;
    const times = (state.asked[question.id] ?? 0) + 1;
    turn.asked = { id: question.id, times };
    turn.notAnEmail = true;
    turn.why.push(`no valid email in the reply to “${question.question}”: asked again`);
    turn.posts.push(post('ask', texts.notAnEmail(question.question)));
    return;
  }
  if (filter.declined) {
    const { question, why } = filter.declined;
    turn.declined.push(question.id);
    turn.why.push(
      why === 'refused'
        ? `the visitor would not answer “${question.question}”: not asked again`
        : `still no valid email for “${question.question}”: not asked again`,
    );
    turn.posts.push(post('reply', why === 'refused' ? texts.skipped : texts.noEmailGiven));
  } else if (filter.changed) {
    turn.posts.push(post('reply', texts.answerChanged));
  }
  const thanked = turn.email !== null || filter.declined !== null || filter.changed;
  const asked = askNext(state, input, turn, !thanked);
  const answeredMore = filter.saves.some((s) => !asksForEmail(s.question));
  if (!asked && answeredMore && !filter.changed) turn.posts.push(post('reply', texts.answersComplete));
}

/** Asks the next filter question; false when none is left to ask. */
function askNext(state: ConversationState, input: PolicyInput, turn: Turn, afterAnswer: boolean): boolean {
  const settled = [...turn.saved.map((s) => s.id), ...turn.declined];
  const question = nextQuestion(state, input.knowledge.filterQuestions, settled);
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
  for (const saved of turn.saved) {
    actions.push({
      type: 'save-answer',
      questionId: saved.id,
      question: saved.question,
      answer: saved.answer,
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
      checkoutProductId: p.checkoutProductId ?? null,
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
    parts: (reply?.parts ?? []).slice(0, MAX_PARTS).map((p) => ({
      text: clip(p.text, 80),
      kind: p.kind,
      source: p.source ? { kind: p.source.kind, id: clip(p.source.id, 64) } : null,
      confidence: round2(p.confidence),
    })),
    greeted: turn.posts.some((p) => p.part === 'greeting'),
    emailSet: turn.email !== null,
    saved: turn.saved.map((s) => s.id),
    declined: turn.declined,
    notAnEmail: turn.notAnEmail,
    asked: turn.asked,
    unresolved: turn.unresolved,
    offeredPerson: turn.offeredPerson,
    handoff: turn.handoff,
    limitPeriod: turn.limitPeriod,
    engineError: engine && !engine.ok ? clip(engine.error) : null,
    fallback: reply?.fallbackReason ?? null,
    inHours: input.inHours ?? null,
    why: turn.why.map((w) => clip(w)),
  };
}
