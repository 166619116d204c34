import { RetrievalEngine } from './engine';

export { RetrievalEngine } from './engine';

/** The retrieval engine (the default and the language-model engine's fallback). */
export const createRetrievalEngine = (): RetrievalEngine => new RetrievalEngine();
