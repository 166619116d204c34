import type { AnswerEngine, EngineReply, Understanding } from '../../services/assistant/src/engine/types';
import type { SourceRef } from '../../services/assistant/src/knowledge/model';
import type { Business, EvalCase } from './cases';

export interface CaseResult {
  business: string;
  case: EvalCase;
  understanding: Understanding;
  reply: EngineReply;
  sourceCorrect: boolean;
  intentCorrect: boolean;
  /** The engine would hand the visitor to a person (a hand-off intent or an offer of a person). */
  handsOff: boolean;
}

export interface Scores {
  messages: number;
  sourceAccuracy: number;
  intentAccuracy: number;
  handoffRate: number;
  results: CaseResult[];
}

const same = (a: SourceRef | null, b: SourceRef | null): boolean =>
  a === null || b === null ? a === b : a.kind === b.kind && a.id === b.id;

/** Whether the reply's source is the labelled one (any of a list; none when labelled null). */
export function sourceMatches(expected: EvalCase['source'], actual: SourceRef | null): boolean {
  if (Array.isArray(expected)) return expected.some((e) => same(e, actual));
  return same(expected, actual);
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
      results.push({
        business: b.name,
        case: c,
        understanding,
        reply,
        sourceCorrect: sourceMatches(c.source, reply.source),
        intentCorrect: understanding.intent === c.intent,
        handsOff: understanding.intent === 'handoff' || reply.kind === 'offer-person',
      });
    }
  }
  const share = (f: (r: CaseResult) => boolean) =>
    results.length ? results.filter(f).length / results.length : 0;
  return {
    messages: results.length,
    sourceAccuracy: share((r) => r.sourceCorrect),
    intentAccuracy: share((r) => r.intentCorrect),
    handoffRate: share((r) => r.handsOff),
    results,
  };
}
