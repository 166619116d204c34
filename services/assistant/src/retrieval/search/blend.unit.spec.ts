import type { Retrieved } from '../../engine/types';
import { blend, dot, unit, type Similarity } from './blend';

const article = (id: string) => ({ kind: 'article' as const, id });
const hit = (id: string, score: number, confidence: number): Retrieved => ({
  source: article(id),
  score,
  confidence,
});
const sims = (pairs: Array<[string, number]>): Similarity[] =>
  pairs.map(([id, similarity]) => ({ source: article(id), similarity }));

describe('BM25 blended with embedding similarity', () => {
  const entries = sims([
    ['a', 0.2],
    ['b', 0.25],
    ['c', 0.8],
    ['d', 0.22],
    ['e', 0.21],
  ]);

  it('lifts an entry only similarity finds above a weaker BM25 guess, with confidence from the similarity', () => {
    const [top, next] = blend([hit('a', 4, 0.4)], { similarities: entries, weight: 0.6, minSimilarity: 0.3 });
    expect(top!.source.id).toBe('c');
    expect(top!.score).toBeCloseTo(0.6 * 4);
    expect(top!.confidence).toBeCloseTo((0.8 - 0.3) / 0.7);
    // BM25's guess keeps its confidence: similarity never lowers it.
    expect(next!.source.id).toBe('a');
    expect(next!.score).toBeCloseTo(0.4 * 4);
    expect(next!.confidence).toBe(0.4);
  });

  it('is BM25 alone with weight 0, and gives nothing to entries no more similar than the floor', () => {
    const bm25 = [hit('a', 4, 0.9), hit('b', 3, 0.5)];
    expect(blend(bm25, { similarities: entries, weight: 0, minSimilarity: 0.3 })).toEqual(bm25);
    const flat = blend(bm25, {
      similarities: sims([
        ['a', 0.1],
        ['b', 0.2],
        ['c', 0.25],
      ]),
      weight: 0.5,
      minSimilarity: 0.3,
    });
    expect(flat.map((r) => [r.source.id, r.score, r.confidence])).toEqual([
      ['a', 2, 0.9],
      ['b', 1.5, 0.5],
      ['c', 0, 0],
    ]);
  });

  it('measures cosine on unit vectors', () => {
    const a = unit(Float32Array.from([3, 4]));
    expect(Array.from(a)).toEqual([0.6000000238418579, 0.800000011920929]);
    expect(dot(a, unit(Float32Array.from([6, 8])))).toBeCloseTo(1);
    expect(dot(a, unit(Float32Array.from([4, -3])))).toBeCloseTo(0);
    expect(Array.from(unit(new Float32Array(2)))).toEqual([0, 0]);
  });
});
