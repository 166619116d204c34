import { loadSets } from '../../../../eval/src/cases';
import { enginesFrom } from '../../../../eval/src/engines';
import { shapeLines } from '../../../../eval/src/report';
import { answeredRight, evaluate, sourceMatches } from '../../../../eval/src/score';
import type { EngineReply } from '../engine/types';
import { createRetrievalEngine } from './index';

// Issue 13: the figures that count are the unseen set's, businesses the engine was never tuned
// on. Its targets are 90% top-1 source, 95% intent and clarify-or-offer on at most 10% of
// answerable messages; intent and clarify-or-offer are met, source is not (docs/assistant.md has
// the figures), so CI holds the figures reached as a floor: the unseen set, the fresh unseen set
// (a second one, written before the second round of engine changes) and the tuning set. The
// third round's owner-written question variants are on the tuning businesses only.
const UNSEEN_FLOOR = { source: 0.73, intent: 0.96, clarifyOrOffer: 0.09 };
const FRESH_FLOOR = { source: 0.77, intent: 0.93, clarifyOrOffer: 0.05 };
const TUNING_FLOOR = { source: 0.954, intent: 0.99 };
// With the owner's other ways of asking on the tuning businesses' articles (93.2% without them).
const DEV_FLOOR = { source: 0.96 };

describe('evaluation set', () => {
  const sets = loadSets();

  it('has 4 tuning businesses, one held out, and 3+ unseen ones in other industries, 25+ entries and 40+ messages each', () => {
    expect(sets.tuning.length).toBeGreaterThanOrEqual(4);
    expect(sets.heldOut.length).toBeGreaterThanOrEqual(1);
    expect(sets.unseen.length).toBeGreaterThanOrEqual(3);
    for (const b of [...sets.tuning, ...sets.heldOut, ...sets.unseen]) {
      const k = b.knowledge;
      const entries =
        k.articles.length + k.filterQuestions.length + k.products.length + k.appointmentTypes.length + 2;
      expect([b.name, entries >= 25]).toEqual([b.name, true]);
      expect([b.name, b.cases.length >= 40]).toEqual([b.name, true]);
    }
    const tuningDomains = new Set([...sets.tuning, ...sets.heldOut].map((b) => b.knowledge.domain));
    for (const b of [...sets.unseen, ...sets.fresh])
      expect(tuningDomains.has(b.knowledge.domain)).toBe(false);
    // The fresh set: another industry again, 40+ messages.
    expect(sets.fresh.length).toBeGreaterThanOrEqual(1);
    const unseenDomains = new Set(sets.unseen.map((b) => b.knowledge.domain));
    for (const b of sets.fresh) {
      expect(unseenDomains.has(b.knowledge.domain)).toBe(false);
      expect([b.name, b.cases.length >= 40]).toEqual([b.name, true]);
    }
    const industries = new Set(sets.unseen.map((b) => b.knowledge.config?.industry));
    expect(industries.size).toBeGreaterThanOrEqual(3);
  });

  it('the retrieval engine holds its figures on the unseen set, and the tuning set does not drop', async () => {
    const unseen = await evaluate(createRetrievalEngine(), sets.unseen);
    expect(unseen.sourceAccuracy).toBeGreaterThanOrEqual(UNSEEN_FLOOR.source);
    expect(unseen.intentAccuracy).toBeGreaterThanOrEqual(UNSEEN_FLOOR.intent);
    expect(unseen.clarifyOrOfferRate).toBeLessThanOrEqual(UNSEEN_FLOOR.clarifyOrOffer);
    const fresh = await evaluate(createRetrievalEngine(), sets.fresh);
    expect(fresh.sourceAccuracy).toBeGreaterThanOrEqual(FRESH_FLOOR.source);
    expect(fresh.intentAccuracy).toBeGreaterThanOrEqual(FRESH_FLOOR.intent);
    expect(fresh.clarifyOrOfferRate).toBeLessThanOrEqual(FRESH_FLOOR.clarifyOrOffer);
    const tuning = await evaluate(createRetrievalEngine(), sets.tuning);
    expect(tuning.sourceAccuracy).toBeGreaterThanOrEqual(TUNING_FLOOR.source);
    expect(tuning.intentAccuracy).toBeGreaterThanOrEqual(TUNING_FLOOR.intent);
    // Hand-offs: the labelled requests for a person at least, and not every other message.
    expect(unseen.handoffRate).toBeGreaterThan(0);
    expect(unseen.handoffRate).toBeLessThan(0.2);
  });

  it("only the tuning businesses carry the owner's other ways of asking; the unseen ones are measured without", async () => {
    const variants = (b: (typeof sets.tuning)[number]) =>
      b.knowledge.articles.filter((a) => a.questionVariants?.length).length;
    expect(sets.tuning.every((b) => variants(b) > 0)).toBe(true);
    expect([...sets.heldOut, ...sets.unseen, ...sets.fresh].map(variants).every((n) => n === 0)).toBe(true);
    const dev = await evaluate(createRetrievalEngine(), sets.dev);
    expect(dev.sourceAccuracy).toBeGreaterThanOrEqual(DEV_FLOOR.source);
  });

  it('reports the unseen sets by shape only, never a case', async () => {
    for (const set of [sets.unseen, sets.fresh]) {
      const report = shapeLines(await evaluate(createRetrievalEngine(), set)).join('\n');
      for (const c of set.flatMap((b) => b.cases)) expect(report).not.toContain(c.text);
    }
  });

  it('counts any of several labelled sources, and null only when the engine names none', () => {
    const a = { kind: 'article' as const, id: 'a' };
    const b = { kind: 'faq' as const, id: 'b' };
    expect(sourceMatches([a, b], b)).toBe(true);
    expect(sourceMatches(a, { kind: 'faq', id: 'a' })).toBe(false);
    expect(sourceMatches(null, null)).toBe(true);
    expect(sourceMatches(null, a)).toBe(false);
  });

  it('counts a message of several questions only when every part is answered from its entry', () => {
    const a = { kind: 'article' as const, id: 'a' };
    const b = { kind: 'faq' as const, id: 'b' };
    const c = {
      text: 'x and y',
      intent: 'question' as const,
      parts: [a, [b, { kind: 'faq' as const, id: 'c' }]],
    };
    const reply = (parts: EngineReply['parts']): EngineReply => ({
      kind: 'answer',
      text: '',
      source: a,
      link: null,
      productIds: [],
      confidence: 1,
      candidates: [],
      ...(parts ? { parts } : {}),
    });
    const part = (source: typeof a | typeof b) => ({
      text: '',
      kind: 'answer' as const,
      source,
      confidence: 1,
    });
    expect(answeredRight(c, reply([part(a), part(b)]))).toBe(true);
    expect(answeredRight(c, reply(undefined))).toBe(false);
    expect(answeredRight(c, reply([part(a), part(a)]))).toBe(false);
  });

  it('lists the language-model engine as not configured without a model endpoint', () => {
    expect(enginesFrom({}).map((e) => ('unavailable' in e ? `${e.name}: ${e.unavailable}` : e.name))).toEqual(
      ['retrieval', 'language-model: not configured (set ASSISTANT_LLM_BASE_URL)'],
    );
    expect(
      enginesFrom({ EMBEDDINGS_URL: 'http://127.0.0.1:9/v1', EMBEDDINGS_MODEL: 'm' }).map((e) => e.name),
    ).toEqual(['retrieval', 'retrieval + embeddings', 'language-model']);
  });
});
