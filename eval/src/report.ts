import type { SourceRef } from '../../services/assistant/src/knowledge/model';
import type { EvalCase } from './cases';
import type { Scores } from './score';

const pct = (n: number) => `${(n * 100).toFixed(1)}%`;

const ref = (s: SourceRef | null) => (s ? `${s.kind}:${s.id}` : 'none');
const expected = (s: EvalCase['source']) => (Array.isArray(s) ? s.map(ref).join(' | ') : ref(s));

/** The summary lines of one engine on one set. */
export function summaryLines(engine: string, set: string, s: Scores): string[] {
  const lines = [
    `${engine} on ${set} (${s.messages} messages): top-1 source ${pct(s.sourceAccuracy)}, intent ${pct(s.intentAccuracy)}, handoff rate ${pct(s.handoffRate)}`,
  ];
  // The language-model engine marks a reply that is the retrieval engine's because the model failed.
  const fellBack = s.results.filter((r) => 'fallbackReason' in r.reply && r.reply.fallbackReason).length;
  if (fellBack)
    lines.push(`  ${fellBack} of ${s.messages} replies fell back to the retrieval engine (model failed)`);
  return lines;
}

/** Every miss: what was expected and what the engine did. */
export function missLines(s: Scores): string[] {
  const out: string[] = [];
  for (const r of s.results) {
    if (r.sourceCorrect && r.intentCorrect) continue;
    const what = [
      r.sourceCorrect
        ? null
        : `source ${ref(r.reply.source)} (${r.reply.kind}), expected ${expected(r.case.source)}`,
      r.intentCorrect ? null : `intent ${r.understanding.intent}, expected ${r.case.intent}`,
    ]
      .filter(Boolean)
      .join('; ');
    out.push(`  [${r.business}] "${r.case.text}": ${what}`);
  }
  return out;
}
