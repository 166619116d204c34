import type { EngineReply } from '../engine/types';
import { fallbackReply, groundedReply } from './reply';

const retrieval: EngineReply = {
  kind: 'answer',
  text: 'Unused mugs can be returned within 30 days.',
  source: { kind: 'article', id: 'art-returns' },
  link: '{"href":"/help/art-returns","title":"Returns","description":""}',
  productIds: [],
  confidence: 0.82,
  candidates: [{ source: { kind: 'article', id: 'art-returns' }, score: 7.1, confidence: 0.82 }],
};

describe('language-model replies', () => {
  it("use the model's words with the retrieval reply's source, link, cards, kind and confidence", () => {
    expect(groundedReply(retrieval, 'Sure, within 30 days!')).toEqual({
      ...retrieval,
      text: 'Sure, within 30 days!',
    });
    const clarify: EngineReply = { ...retrieval, kind: 'clarify', source: null, link: null, confidence: 0.3 };
    expect(groundedReply(clarify, 'Do you mean returns?')).toEqual({
      ...clarify,
      text: 'Do you mean returns?',
    });
  });

  it('mark the retrieval reply sent instead with the reason', () => {
    expect(fallbackReply(retrieval, 'timeout')).toEqual({ ...retrieval, fallbackReason: 'timeout' });
    expect(groundedReply(retrieval, 'x')).not.toHaveProperty('fallbackReason');
  });
});
