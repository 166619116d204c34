import type { Logger } from '@parley/logger';
import { openAiEmbedder } from './client';
import type { EmbeddingsConfig } from './config';
import { EmbeddingSimilarity } from './similarity';

export { embeddingsConfigFrom, embeddingsEnv, parseEmbeddingsEnv, type EmbeddingsConfig } from './config';
export { EmbeddingSimilarity } from './similarity';

/** Embeddings over the configured OpenAI-compatible endpoint, or null when none is configured. */
export const createEmbeddings = (
  config: EmbeddingsConfig | null,
  logger?: Logger,
): EmbeddingSimilarity | null =>
  config ? new EmbeddingSimilarity(openAiEmbedder(config), config, logger) : null;
