import type { EmbeddingSimilarity } from '../embeddings/similarity';
import { RetrievalEngine } from './engine';
import { NO_RELATED_WORDS, wordNetLexicon } from './lexicon/related';
import type { SemanticOptions } from './search/bm25';

export { RetrievalEngine } from './engine';

/**
 * What the engine reads beyond the words themselves, by default: what the words of each entry's
 * title, question and tags mean (WordNet's definitions and synonyms), indexed at a quarter of a
 * word's weight. Expanding the visitor's words instead was measured and dropped (docs/assistant.md).
 */
export const defaultSemantics = (): SemanticOptions => ({
  lexicon: wordNetLexicon(),
  meaningWeight: 0.25,
  weights: NO_RELATED_WORDS,
});

/**
 * The retrieval engine (the default and the language-model engine's fallback), with embeddings
 * blended into its answers' searches when they are configured.
 */
export const createRetrievalEngine = (
  semantics: SemanticOptions = defaultSemantics(),
  embeddings: EmbeddingSimilarity | null = null,
): RetrievalEngine => new RetrievalEngine(semantics, undefined, embeddings);
