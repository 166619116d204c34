import type { AnswerEngine, EngineReply, Understanding } from '../../services/assistant/src/engine/types';
import type { SourceRef } from '../../services/assistant/src/knowledge/model';
import { answersOf, type Business, type EvalCase } from './cases';

export interface CaseResult {
  business: string;
  case: EvalCase;
  understanding: Understanding;
  reply: EngineReply;
  sourceCorrect: boolean;
  intentCorrect: boolean;
  /** The engine would hand the visitor to a person (a hand-off intent or an offer of a person). */
  handsOff: boolean;
  /** Something in the knowledge answers the message (a source or parts are labelled). */
  answerable: boolean;
  /**
   * The visitor gets a clarifying question or an offer of a person (or is handed off) instead of
   * an answer. A booking or purchase reading is never one: the policy offers the booking flow or
   * product cards whatever the engine's reply.
   */
  clarifiesOrOffers: boolean;
  /** Whether the reply says what the case requires; null when the case requires nothing. */
  saysCorrect: boolean | null;
}

export interface Scores {
  messages: number;
  sourceAccuracy: number;
  intentAccuracy: number;
  handoffRate: number;
  /** Messages something in the knowledge answers. */
  answerable: number;
  /** Of the answerable messages, the share answered with a clarifying question or an offer of a person. */
  clarifyOrOfferRate: number;
  /** Wording checks: cases with `says`, and how many of them the replies passed. */
  wording: { checked: number; passed: number };
  results: CaseResult[];
}

const same = (a: SourceRef | null, b: SourceRef | null): boolean =>
  a === null || b === null ? a === b : a.kind === b.kind && a.id === b.id;

/** Whether the reply's source is the labelled one (any of a list; none when labelled null). */
export function sourceMatches(expected: EvalCase['source'] | null, actual: SourceRef | null): boolean {
  if (Array.isArray(expected)) return expected.some((e) => same(e, actual));
  return same(expected ?? null, actual);
}

/** The sources a reply answered from: one per part it answered, or its one source. */
export const repliedSources = (reply: EngineReply): Array<SourceRef | null> =>
  reply.parts?.length ? reply.parts.map((p) => p.source) : [reply.source];

/**
 * Whether the reply answered what the case asks: its one source for a single question; for a
 * message of several questions, every part from one of its labelled entries.
 */
export function answeredRight(c: EvalCase, reply: EngineReply): boolean {
  if (!c.parts) return sourceMatches(c.source ?? null, reply.source);
  const got = repliedSources(reply);
  return c.parts.every((part) => got.some((s) => s !== null && sourceMatches(part, s)));
}

/** Every pattern of `says` matches the reply's text (case-insensitive). */
export function saysWhatItShould(c: EvalCase, reply: EngineReply): boolean | null {
  if (!c.says?.length) return null;
  return c.says.every((pattern) => new RegExp(pattern, 'i').test(reply.text));
}

/** Runs every message of the businesses through the engine, the way the policy calls it. */
export async function evaluate(engine: AnswerEngine, businesses: readonly Business[]): Promise<Scores> {
  const results: CaseResult[] = [];
  for (const b of businesses) {
    for (const c of b.cases) {
      const understanding = engine.understand(b.knowledge, c.text, []);
      const reply = await engine.answer({
        knowledge: b.knowledge,
        message: c.text,
        history: [],
        understanding,
      });
      const intent = understanding.intent;
      results.push({
        business: b.name,
        case: c,
        understanding,
        reply,
        sourceCorrect: answeredRight(c, reply),
        intentCorrect: intent === c.intent,
        handsOff: intent === 'handoff' || reply.kind === 'offer-person',
        answerable: answersOf(c).length > 0,
        clarifiesOrOffers:
          intent === 'handoff' || (intent !== 'booking' && intent !== 'purchase' && reply.kind !== 'answer'),
        saysCorrect: saysWhatItShould(c, reply),
      });
    }
  }
  const share = (list: CaseResult[], f: (r: CaseResult) => boolean) =>
    list.length ? list.filter(f).length / list.length : 0;
  const answerable = results.filter((r) => r.answerable);
  const checked = results.filter((r) => r.saysCorrect !== null);
  return {
    messages: results.length,
    sourceAccuracy: share(results, (r) => r.sourceCorrect),
    intentAccuracy: share(results, (r) => r.intentCorrect),
    handoffRate: share(results, (r) => r.handsOff),
    answerable: answerable.length,
    clarifyOrOfferRate: share(answerable, (r) => r.clarifiesOrOffers),
    wording: { checked: checked.length, passed: checked.filter((r) => r.saysCorrect).length },
    results,
  };
}
