import type { DomainKnowledge, SourceRef } from '../knowledge/model';

/** What a visitor's message is about (the eval's intent labels). */
export const INTENTS = ['question', 'booking', 'purchase', 'handoff', 'email', 'chitchat'] as const;
export type Intent = (typeof INTENTS)[number];

/** The engines' reading of one visitor message. */
export interface Understanding {
  intent: Intent;
  /** 0..1 */
  confidence: number;
  /** An email address the visitor gave in this message, lower-cased. */
  email: string | null;
}

/** One ranked knowledge item. */
export interface Retrieved {
  source: SourceRef;
  /** Engine-specific relevance; only comparable within one search. */
  score: number;
  /** 0..1: how sure the engine is this item answers the message. */
  confidence: number;
}

/**
 * An engine's reply to one visitor message. `kind` says what it is: an answer from a source, a
 * clarifying question (low confidence, a few candidates) or an offer of a person (nothing fits).
 */
export interface EngineReply {
  kind: 'answer' | 'clarify' | 'offer-person';
  text: string;
  /** The best source, or null (clarify / offer-person / chit-chat). */
  source: SourceRef | null;
  /** An article link for the widget: `{ href, title, description }` JSON or a URL; null when none. */
  link: string | null;
  /** Product cards to show with the message. */
  productIds: string[];
  confidence: number;
  /** The ranked candidates the engine considered (top few), kept in the decision record. */
  candidates: Retrieved[];
  /**
   * A message that asks several things ("do you ship to Canada and can I pay by PayPal?"): each
   * part and what answered it, in the message's order; absent for a message of one question.
   */
  parts?: ReplyPart[];
  /**
   * Set when the language-model engine could not answer and this is its fallback's (retrieval)
   * reply instead; the decision record shows why.
   */
  fallbackReason?: FallbackReason;
}

/** One question of a message that asks several, and the entry that answered it. */
export interface ReplyPart {
  /** The visitor's words of this part. */
  text: string;
  kind: EngineReply['kind'];
  source: SourceRef | null;
  confidence: number;
}

/** Why the language-model engine sent the retrieval engine's reply instead of its own. */
export type FallbackReason = 'timeout' | 'aborted' | 'provider-error' | 'empty-output';

/** A prior turn, oldest first; engines may use it to resolve "that one", "how much is it". */
export interface Turn {
  from: 'visitor' | 'assistant' | 'team';
  text: string;
}

export interface AnswerRequest {
  knowledge: DomainKnowledge;
  message: string;
  history: Turn[];
  understanding: Understanding;
  /** Streams the reply's text as it is generated (the language-model engine); optional. */
  onDelta?: (textSoFar: string) => void;
  signal?: AbortSignal;
}

/** Both engines implement this; the retrieval engine is the default and the fallback. */
export interface AnswerEngine {
  readonly name: 'retrieval' | 'language-model';
  understand(knowledge: DomainKnowledge, message: string, history: Turn[]): Understanding;
  answer(request: AnswerRequest): Promise<EngineReply>;
}
