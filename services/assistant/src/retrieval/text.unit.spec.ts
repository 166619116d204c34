import { analyse, normalise, termOf } from './text/analyse';
import { stem } from './text/stemmer';
import { withinOneEdit } from './text/typos';
import { SearchIndex } from './search/bm25';
import { knowledgeFixture } from './knowledge-fixture';

describe('text analysis', () => {
  it('stems like the Porter algorithm', () => {
    const cases: Array<[string, string]> = [
      ['caresses', 'caress'],
      ['ponies', 'poni'],
      ['cats', 'cat'],
      ['running', 'run'],
      ['hopping', 'hop'],
      ['agreed', 'agre'],
      ['happy', 'happi'],
      ['relational', 'relat'],
      ['generalization', 'gener'],
      ['electrical', 'electr'],
      ['adjustment', 'adjust'],
      ['refunds', 'refund'],
    ];
    for (const [word, expected] of cases) expect([word, stem(word)]).toEqual([word, expected]);
  });

  it('lower-cases, removes accents and apostrophes', () => {
    expect(normalise("Café DON'T Ñandú")).toBe('cafe dont nandu');
  });

  it('drops stop words and politeness, keeps the topic', () => {
    expect(analyse('Hi! Could you please tell me about the dishwasher?')).toEqual([termOf('dishwasher')]);
  });

  it('merges synonyms: ship/deliver/post, price/cost/how much, refund/return/money back, human/agent', () => {
    expect(termOf('delivery')).toBe(termOf('ship'));
    expect(termOf('postage')).toBe(termOf('shipping'));
    expect(analyse('how much')).toEqual([termOf('price')]);
    expect(termOf('cost')).toBe(termOf('price'));
    expect(analyse('money back')).toEqual([termOf('refund')]);
    expect(termOf('returns')).toBe(termOf('refund'));
    expect(termOf('schedule')).toBe(termOf('appointment'));
    expect(termOf('agent')).toBe(termOf('human'));
    expect(termOf('deliver')).not.toBe(termOf('price'));
  });

  it('tells one edit (insert, delete, substitute, swap) from more', () => {
    expect(withinOneEdit('dishwaser', 'dishwasher')).toBe(true);
    expect(withinOneEdit('reciepts', 'receipts')).toBe(true);
    expect(withinOneEdit('treatmant', 'treatment')).toBe(true);
    expect(withinOneEdit('terracotta', 'terracota')).toBe(true);
    expect(withinOneEdit('squeeling', 'squeaking')).toBe(false);
    expect(withinOneEdit('glaze', 'graze')).toBe(true);
    expect(withinOneEdit('abc', 'abcde')).toBe(false);
  });

  it('corrects typos of 5+ letters against the domain vocabulary only', () => {
    const index = new SearchIndex(knowledgeFixture());
    expect(index.query('dishwaser').terms).toEqual([termOf('dishwasher')]);
    expect(index.query('dishwashre').terms).toEqual([termOf('dishwasher')]);
    // Short words are not corrected ("mog" could be anything).
    expect(index.query('mog').terms).toEqual([termOf('mog')]);
    // Unknown and not one edit from a known word: kept as is.
    expect(index.query('zeppelin').terms).toEqual([termOf('zeppelin')]);
  });
});
