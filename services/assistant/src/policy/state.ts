import type { Turn } from '../engine/types';
import type { DecisionRecord, Outcome } from './decision';

/**
 * What the assistant remembers of one room, folded from facts the service feeds it (the room's
 * events and the customer's). Plain JSON, so the service may keep it anywhere.
 *
 * Evolving is idempotent: a message already seen (by id) changes nothing, and a decision record
 * sets values rather than counting. So the service may apply a decision's own facts right away
 * (`outcomeFacts`) and again when the same messages come back as events.
 */
export interface ConversationState {
  live: boolean;
  /** A bot message was posted in this room (the greeting, or anything after it). */
  greeted: boolean;
  /** The room's first visitor message; the greeting goes with the answer to this one. */
  firstVisitorMessageId: string | null;
  email: string | null;
  /** Filter question ids the customer has answered. */
  answered: string[];
  /** Filter question ids the visitor refused to answer in this room: never asked again here. */
  declined: string[];
  /** The question for the email the bot asked again last turn, the reply holding no valid address. */
  invalidEmailFor: string | null;
  /** Filter question id -> how many times the bot asked it. */
  asked: Record<string, number>;
  /** The filter question the bot asked last and the visitor has not answered yet. */
  pendingQuestionId: string | null;
  /** Visitor messages in a row the bot could not resolve (clarify, offer of a person, failure). */
  unresolvedInARow: number;
  /** The bot's last reply offered a person: a "yes" now hands off. */
  offeredPerson: boolean;
  lastOutcome: Outcome | null;
  /** The billing period whose limit notice was posted in this room. */
  limitNoticePeriod: string | null;
  /** The last few messages, oldest first, for the engines' context and for de-duplication. */
  recent: RecentTurn[];
}

export interface RecentTurn extends Turn {
  /** The message's id, or the client id the bot posted it with. */
  id: string;
}

export type PolicyFact =
  | { type: 'VisitorMessaged'; id: string; text: string }
  | { type: 'BotReplied'; id: string; text: string; decision: DecisionRecord | null }
  | { type: 'TeamReplied'; id: string; text: string }
  | { type: 'LiveSwitched'; live: boolean }
  | { type: 'AnswersSaved'; questionIds: string[] }
  | { type: 'EmailSet'; email: string };

export const RECENT_TURNS = 8;
const TURN_TEXT = 500;

export const initialConversationState: ConversationState = {
  live: false,
  greeted: false,
  firstVisitorMessageId: null,
  email: null,
  answered: [],
  declined: [],
  invalidEmailFor: null,
  asked: {},
  pendingQuestionId: null,
  unresolvedInARow: 0,
  offeredPerson: false,
  lastOutcome: null,
  limitNoticePeriod: null,
  recent: [],
};

const union = (a: string[], b: string[]): string[] => [...new Set([...a, ...b])];

function remember(state: ConversationState, turn: RecentTurn): ConversationState {
  const recent = [...state.recent, { ...turn, text: turn.text.slice(0, TURN_TEXT) }].slice(-RECENT_TURNS);
  return { ...state, recent };
}

const seen = (state: ConversationState, id: string): boolean => state.recent.some((t) => t.id === id);

/**
 * A state as stored, with the fields added since it was saved filled in (a room's state is kept
 * as JSON across versions of the service).
 */
export const storedState = (stored: Partial<ConversationState>): ConversationState => ({
  ...initialConversationState,
  ...stored,
});

export function evolve(state: ConversationState, fact: PolicyFact): ConversationState {
  switch (fact.type) {
    case 'VisitorMessaged':
      if (seen(state, fact.id)) return state;
      return remember(
        { ...state, firstVisitorMessageId: state.firstVisitorMessageId ?? fact.id },
        { id: fact.id, from: 'visitor', text: fact.text },
      );
    case 'BotReplied': {
      if (seen(state, fact.id)) return state;
      const next = remember({ ...state, greeted: true }, { id: fact.id, from: 'assistant', text: fact.text });
      return fact.decision ? applyDecision(next, fact.decision) : next;
    }
    case 'TeamReplied':
      if (seen(state, fact.id)) return state;
      // A person took the conversation over: the bot's open threads no longer stand.
      return remember(
        { ...state, unresolvedInARow: 0, offeredPerson: false, pendingQuestionId: null },
        { id: fact.id, from: 'team', text: fact.text },
      );
    case 'LiveSwitched':
      return fact.live
        ? { ...state, live: true }
        : // Back to the bot: it starts afresh rather than handing straight back.
          { ...state, live: false, unresolvedInARow: 0, offeredPerson: false };
    case 'AnswersSaved':
      return {
        ...state,
        answered: union(state.answered, fact.questionIds),
        pendingQuestionId:
          state.pendingQuestionId && fact.questionIds.includes(state.pendingQuestionId)
            ? null
            : state.pendingQuestionId,
      };
    case 'EmailSet':
      return { ...state, email: fact.email };
  }
}

/** Sets (never increments) what the decision says, so applying it twice is harmless. */
function applyDecision(state: ConversationState, d: DecisionRecord): ConversationState {
  const answered = union(state.answered, d.saved);
  const declined = union(state.declined, d.declined);
  let pendingQuestionId = state.pendingQuestionId;
  if (d.asked) pendingQuestionId = d.asked.id;
  else if (
    d.outcome === 'handoff' ||
    (pendingQuestionId && (answered.includes(pendingQuestionId) || declined.includes(pendingQuestionId)))
  ) {
    pendingQuestionId = null;
  }
  const asked = d.asked
    ? { ...state.asked, [d.asked.id]: Math.max(state.asked[d.asked.id] ?? 0, d.asked.times) }
    : state.asked;
  return {
    ...state,
    answered,
    declined,
    invalidEmailFor: d.notAnEmail && d.asked ? d.asked.id : null,
    asked,
    pendingQuestionId,
    unresolvedInARow: d.unresolved,
    offeredPerson: d.offeredPerson,
    lastOutcome: d.outcome,
    limitNoticePeriod: d.outcome === 'limit-notice' ? d.limitPeriod : state.limitNoticePeriod,
  };
}

/** The conversation so far for an engine, oldest first, without the message being answered. */
export function historyOf(state: ConversationState, exceptMessageId?: string): Turn[] {
  return state.recent.filter((t) => t.id !== exceptMessageId).map(({ from, text }) => ({ from, text }));
}
