import type { EngineReply } from '../engine/types';
import type { DomainKnowledge } from '../knowledge/model';
import { RetrievalEngine } from './engine';
import { knowledgeFixture } from './knowledge-fixture';
import { SearchIndex } from './search/bm25';

async function ask(engine: RetrievalEngine, k: DomainKnowledge, message: string): Promise<EngineReply> {
  const understanding = engine.understand(k, message, []);
  return engine.answer({ knowledge: k, message, history: [], understanding });
}

describe('search index', () => {
  it('ranks the entry about a word above one that only mentions it', () => {
    const index = new SearchIndex(knowledgeFixture());
    // "dishwasher" is in a-dishwasher's title and in a-glaze's body only.
    const ranked = index.search(index.query('dishwasher'));
    expect(ranked.map((r) => r.source.id).slice(0, 2)).toEqual(['a-dishwasher', 'a-glaze']);
    expect(ranked[0]!.score).toBeGreaterThan(ranked[1]!.score);
    expect(ranked[0]!.confidence).toBeGreaterThan(ranked[1]!.confidence);
  });

  it('finds the entry by a synonym and by a typo', () => {
    const index = new SearchIndex(knowledgeFixture());
    expect(index.search(index.query('can I get my money back'))[0]!.source).toEqual({
      kind: 'article',
      id: 'a-returns',
    });
    expect(index.search(index.query('refunds'))[0]!.source.id).toBe('a-returns');
    expect(index.search(index.query('are they dishwaser proof'))[0]!.source.id).toBe('a-dishwasher');
  });

  it('rare words weigh more than common ones', () => {
    const index = new SearchIndex(knowledgeFixture());
    expect(index.idf('teapot')).toBeGreaterThan(index.idf('mug'));
  });

  it('gives low confidence when the message is mostly about words no entry has', () => {
    const index = new SearchIndex(knowledgeFixture());
    const [top] = index.search(index.query('mug engine carburettor pistons'));
    expect(top!.confidence).toBeLessThan(0.25);
  });

  it('indexes shipping and the business description as entries of their own', () => {
    const index = new SearchIndex(knowledgeFixture());
    expect(index.search(index.query('do you deliver to canada'))[0]!.source).toEqual({
      kind: 'shipping',
      id: 'dom-1',
    });
    expect(index.search(index.query('who are you'))[0]!.source).toEqual({ kind: 'business', id: 'dom-1' });
  });
});

describe('index per domain', () => {
  it('keeps the index while the revision is unchanged and rebuilds it when the revision is newer', async () => {
    const engine = new RetrievalEngine();
    const k1 = knowledgeFixture();
    const first = engine.indexFor(k1);
    expect(engine.indexFor({ ...k1 })).toBe(first);

    const k2: DomainKnowledge = {
      ...k1,
      revision: 2,
      articles: [
        ...k1.articles,
        {
          id: 'a-gift-cards',
          title: 'Gift cards',
          question: 'Do you sell gift cards?',
          answer: 'Digital gift cards from $25 to $200.',
          content: '',
          category: 'Orders',
          tags: ['voucher'],
        },
      ],
    };
    expect((await ask(engine, k1, 'do you have vouchers')).source).toBeNull();
    expect(engine.indexFor(k2)).not.toBe(first);
    expect((await ask(engine, k2, 'do you have vouchers')).source).toEqual({
      kind: 'article',
      id: 'a-gift-cards',
    });
  });

  it('keeps one index per domain', () => {
    const engine = new RetrievalEngine();
    const a = engine.indexFor(knowledgeFixture());
    const b = engine.indexFor(knowledgeFixture({ domainId: 'dom-2' }));
    expect(a).not.toBe(b);
    expect(engine.indexFor(knowledgeFixture())).toBe(a);
  });

  it('keeps at most its limit of domains, dropping the least recently used', () => {
    const engine = new RetrievalEngine({ lexicon: null }, 2);
    const a = engine.indexFor(knowledgeFixture());
    const b = engine.indexFor(knowledgeFixture({ domainId: 'dom-2' }));
    expect(engine.indexFor(knowledgeFixture())).toBe(a);
    engine.indexFor(knowledgeFixture({ domainId: 'dom-3' }));
    expect(engine.indexFor(knowledgeFixture())).toBe(a);
    expect(engine.indexFor(knowledgeFixture({ domainId: 'dom-2' }))).not.toBe(b);
  });
});
