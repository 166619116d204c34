import type { AnswerEngine, EngineReply, Understanding } from '../engine/types';
import type { DomainKnowledge } from '../knowledge/model';
import type { DecisionRecord, Part } from './decision';

/** What `decide` is given and what it returns. */

export type EngineName = AnswerEngine['name'];

/** The engine's work on the message, or why there is none. */
export type EngineOutcome =
  | { ok: true; engine: EngineName; understanding: Understanding; reply: EngineReply }
  | { ok: false; engine: EngineName; understanding: Understanding | null; error: string };

/** The account's request budget for this message; `period` names the billing period (any text). */
export type Usage = { allowed: true } | { allowed: false; period: string };

export interface PolicyInput {
  /** The visitor's message (its id makes the bot's client ids, so a retry posts nothing twice). */
  message: { id: string; text: string };
  knowledge: DomainKnowledge;
  usage: Usage;
  /** null when no engine ran (`needsEngine` said so, or it could not be reached). */
  engine: EngineOutcome | null;
  /**
   * The engine's reading of the message when it was not asked to answer it (at the request limit:
   * reading is the retrieval engine's, in the process, and costs no request); else the engine's.
   */
  understanding?: Understanding | null;
  /**
   * The room went live (or the turn was otherwise called off) while the message was being
   * answered: the bot says and does nothing more, and the record says `aborted`.
   */
  interrupted?: boolean;
  /**
   * Within the domain's business hours (issue 17; absent: business hours are off, always in).
   * Outside them a request for a person becomes the widget's offline form instead of a handoff.
   */
  inHours?: boolean;
}

/** Things for the service to do, in this order. */
export type PolicyAction =
  | {
      type: 'post';
      part: Part;
      /** For PostBotMessage.client_id: `<visitor message id>:<part>`. */
      clientId: string;
      content: string;
      /** A URL, `{href,title,description}` JSON, or `{"action":"booking",...}` JSON; null when none. */
      link: string | null;
      productIds: string[];
      /**
       * A purchase reply while the domain takes payments: the product (one of productIds) whose
       * payment flow the widget opens; null otherwise.
       */
      checkoutProductId: string | null;
      /** For PostBotMessage.decision_json (JSON.stringify it). */
      decision: DecisionRecord;
    }
  | { type: 'set-email'; email: string }
  | { type: 'save-answer'; questionId: string; question: string; answer: string }
  | { type: 'request-handoff'; reason: string }
  | { type: 'mark-mailed' };

export interface PolicyOutcome {
  actions: PolicyAction[];
  /** The turn's record, also when nothing is posted (for logs). */
  decision: DecisionRecord;
}
