import type { Retrieved } from '../../engine/types';
import type { SourceRef } from '../../knowledge/model';

/** How similar one entry is to the message, by the cosine of their embeddings. */
export interface Similarity {
  source: SourceRef;
  similarity: number;
}

/** What embeddings add to one search: every entry's similarity to the message, and how to weigh it. */
export interface SemanticMatch {
  similarities: readonly Similarity[];
  /** 0..1: how much similarity counts in the ranking beside BM25. */
  weight: number;
  /** At or below this cosine an entry is no match at all (the model's scale). */
  minSimilarity: number;
}

/** Entries only similarity ranks high that join BM25's candidates. */
const SIMILAR_CANDIDATES = 5;

const clip01 = (x: number) => Math.min(1, Math.max(0, x));
const keyOf = (s: SourceRef) => `${s.kind}:${s.id}`;

/**
 * BM25's results blended with embedding similarity. The ranking: (1 - weight) × BM25 score +
 * weight × how far above the median entry the similarity is (relative to the best, so the
 * model's scale does not matter), on the BM25 scale so the engine's score rules keep their
 * meaning. Confidence: the higher of BM25's coverage and the similarity above `minSimilarity`
 * (a model's absolute scale), so similarity can make an answer of a paraphrase, and nothing
 * similar leaves BM25's confidence as it was.
 */
export function blend(bm25: readonly Retrieved[], match: SemanticMatch, limit = 5): Retrieved[] {
  const { similarities, weight, minSimilarity } = match;
  if (!similarities.length || weight <= 0) return bm25.slice(0, limit);
  const sorted = similarities.map((s) => s.similarity).sort((a, b) => a - b);
  const best = sorted[sorted.length - 1]!;
  const median = sorted[Math.floor((sorted.length - 1) / 2)]!;
  const relative = (cos: number) =>
    best > median && cos > minSimilarity ? clip01((cos - median) / (best - median)) : 0;
  const absolute = (cos: number) => clip01((cos - minSimilarity) / (1 - minSimilarity));
  const scale = bm25[0]?.score || 1;
  const byKey = new Map(similarities.map((s) => [keyOf(s.source), s]));
  const candidates = new Map<string, { source: SourceRef; score: number; confidence: number }>();
  for (const r of bm25)
    candidates.set(keyOf(r.source), { source: r.source, score: r.score, confidence: r.confidence });
  for (const s of [...similarities]
    .sort((a, b) => b.similarity - a.similarity)
    .slice(0, SIMILAR_CANDIDATES)) {
    if (!candidates.has(keyOf(s.source)))
      candidates.set(keyOf(s.source), { source: s.source, score: 0, confidence: 0 });
  }
  return [...candidates.values()]
    .map((c) => {
      const cos = byKey.get(keyOf(c.source))?.similarity ?? minSimilarity;
      return {
        source: c.source,
        score: (1 - weight) * c.score + weight * relative(cos) * scale,
        confidence: Math.max(c.confidence, absolute(cos)),
      };
    })
    .sort((a, b) => b.score - a.score)
    .slice(0, limit);
}

/** The cosine of two vectors of unit length. */
export function dot(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += a[i]! * b[i]!;
  return sum;
}

/** The vector scaled to unit length (a zero vector stays zero). */
export function unit(v: Float32Array): Float32Array {
  let norm = 0;
  for (const x of v) norm += x * x;
  norm = Math.sqrt(norm);
  return norm > 0 ? v.map((x) => x / norm) : v;
}
