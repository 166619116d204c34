import type { Embedder } from '../../embeddings/client';
import { STOP_WORDS, words } from '../text/analyse';
import type { WordVectors } from './vectors';

/** SIF's smoothing: a word as frequent as this share of all words weighs a half. */
const SIF_A = 1e-3;
/** Zipf's law: the word of frequency rank r is about 1 / (r × H) of all words (H ≈ ln 341,479 + 0.58). */
const ZIPF_H = 13.3;

/**
 * Smooth-inverse-frequency averaged word vectors (Arora et al. 2017, without the common
 * component): each word weighs a / (a + p(w)), its frequency read from its rank in the vectors'
 * file, so "get" counts little and "refund" much. As an `Embedder`, it runs through the same
 * blend as the optional embeddings; no network, so it never fails.
 */
export function sifEmbedder(vectors: WordVectors, removeCommon = false): Embedder {
  // SIF's common component, approximated without a corpus of sentences: the direction every
  // text shares, read as the frequency-weighted mean of the 5,000 most frequent words.
  const common = removeCommon ? commonDirection(vectors) : null;
  const embedOne = (text: string): Float32Array => {
    const out = new Float32Array(vectors.dimensions);
    for (const word of words(text, false)) {
      if (STOP_WORDS.has(word)) continue;
      const row = vectors.indexOf(word);
      if (row < 0) continue;
      const weight = SIF_A / (SIF_A + 1 / ((row + 1) * ZIPF_H));
      const v = vectors.vector(row);
      for (let d = 0; d < out.length; d++) out[d]! += weight * v[d]!;
    }
    if (common) {
      let projection = 0;
      for (let d = 0; d < out.length; d++) projection += out[d]! * common[d]!;
      for (let d = 0; d < out.length; d++) out[d]! -= projection * common[d]!;
    }
    return out;
  };
  return {
    embed: (texts) => Promise.resolve({ ok: true, vectors: texts.map(embedOne) }),
  };
}

function commonDirection(vectors: WordVectors): Float32Array {
  const mean = new Float32Array(vectors.dimensions);
  for (let row = 0; row < Math.min(5000, vectors.size); row++) {
    const v = vectors.vector(row);
    for (let d = 0; d < mean.length; d++) mean[d]! += v[d]! / ((row + 1) * ZIPF_H);
  }
  let norm = 0;
  for (const x of mean) norm += x * x;
  norm = Math.sqrt(norm) || 1;
  return mean.map((x) => x / norm);
}
