import { RetrievalEngine } from './engine';
import { wordNetLexicon } from './lexicon/related';
import type { SemanticOptions } from './search/bm25';

export { RetrievalEngine } from './engine';

/**
 * The retrieval engine (the default and the language-model engine's fallback). By default it
 * reads related words from WordNet; `semantics` replaces that (the evaluation compares variants).
 */
export const createRetrievalEngine = (
  semantics: SemanticOptions = { lexicon: wordNetLexicon() },
): RetrievalEngine => new RetrievalEngine(semantics);
