import type { SourceRef } from '../../services/assistant/src/knowledge/model';
import { answersOf, SHAPES, type EvalCase } from './cases';
import { repliedSources, type CaseResult, type Scores } from './score';

const pct = (n: number) => `${(n * 100).toFixed(1)}%`;

const ref = (s: SourceRef | null) => (s ? `${s.kind}:${s.id}` : 'none');
const expected = (c: EvalCase): string => {
  const answers = answersOf(c).map((a) => (Array.isArray(a) ? a.map(ref).join(' | ') : ref(a)));
  if (!answers.length) return 'none';
  return c.parts ? answers.map((a) => `[${a}]`).join(' + ') : answers[0]!;
};

/** The summary lines of one engine on one set. */
export function summaryLines(engine: string, set: string, s: Scores): string[] {
  const lines = [
    `${engine} on ${set} (${s.messages} messages): top-1 source ${pct(s.sourceAccuracy)}, intent ${pct(s.intentAccuracy)}, ` +
      `clarify-or-offer ${pct(s.clarifyOrOfferRate)} of ${s.answerable} answerable, handoff rate ${pct(s.handoffRate)}` +
      (s.wording.checked ? `, wording ${s.wording.passed}/${s.wording.checked}` : ''),
  ];
  // The language-model engine marks a reply that is the retrieval engine's because the model failed.
  const fellBack = s.results.filter((r) => 'fallbackReason' in r.reply && r.reply.fallbackReason).length;
  if (fellBack)
    lines.push(`  ${fellBack} of ${s.messages} replies fell back to the retrieval engine (model failed)`);
  return lines;
}

/** Every miss: what was expected and what the engine did (for the tuning set only). */
export function missLines(s: Scores): string[] {
  const out: string[] = [];
  for (const r of s.results) {
    if (
      r.sourceCorrect &&
      r.intentCorrect &&
      r.saysCorrect !== false &&
      !(r.answerable && r.clarifiesOrOffers)
    )
      continue;
    const what = [
      r.sourceCorrect
        ? null
        : `source ${repliedSources(r.reply).map(ref).join(' + ')} (${r.reply.kind}), expected ${expected(r.case)}`,
      r.intentCorrect ? null : `intent ${r.understanding.intent}, expected ${r.case.intent}`,
      r.sourceCorrect && r.answerable && r.clarifiesOrOffers ? `${r.reply.kind} instead of the answer` : null,
      r.saysCorrect === false ? `says "${r.reply.text}", expected /${r.case.says!.join('/, /')}/` : null,
    ]
      .filter(Boolean)
      .join('; ');
    out.push(`  [${r.business}] "${r.case.text}": ${what}`);
  }
  return out;
}

/**
 * Misses counted by the shape of the message and never shown one by one: the unseen set is
 * read this way only, so nobody tunes the engine to its cases.
 */
export function shapeLines(s: Scores): string[] {
  const lines = ['  shape           messages  source  intent  clarify/offer  wording'];
  const byShape = new Map<string, CaseResult[]>();
  for (const r of s.results) {
    const shape = r.case.shape ?? 'unlabelled';
    byShape.set(shape, [...(byShape.get(shape) ?? []), r]);
  }
  for (const shape of [...SHAPES, 'unlabelled']) {
    const list = byShape.get(shape);
    if (!list) continue;
    const missed = (f: (r: CaseResult) => boolean) => String(list.filter(f).length).padStart(6);
    const checked = list.filter((r) => r.saysCorrect !== null);
    lines.push(
      `  ${shape.padEnd(15)} ${String(list.length).padStart(8)}  ${missed((r) => !r.sourceCorrect)}  ${missed((r) => !r.intentCorrect)}  ${missed((r) => r.answerable && r.clarifiesOrOffers).padStart(13)}  ${
        checked.length ? `${checked.filter((r) => r.saysCorrect === false).length} of ${checked.length}` : '-'
      }`,
    );
  }
  lines.push('  (misses per shape; the unseen cases are not listed)');
  return lines;
}
