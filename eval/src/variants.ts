import { defaultSemantics } from '../../services/assistant/src/retrieval';
import {
  DEFAULT_RELATION_WEIGHTS,
  wordNetLexicon,
} from '../../services/assistant/src/retrieval/lexicon/related';
import type { SemanticOptions } from '../../services/assistant/src/retrieval/search/bm25';

/**
 * Ideas measured against each other (`npm run eval -- --variant NAME`); the engine's default is
 * `meanings-light`; `feedback*`, `phrases*` and `wide-fallback` are the third round's, dropped. docs/assistant.md keeps the table of their figures, the dropped ones included.
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
  'wordnet-narrower': () => ({
    lexicon: wordNetLexicon(),
    weights: { ...DEFAULT_RELATION_WEIGHTS, narrower: 0.3 },
  }),
};
