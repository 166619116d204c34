import { blankAsUnset, ConfigError, parseConfig, z } from '@parley/config';

/** An unset variable often arrives as '' (compose files, k8s env with an empty value): treat it as unset. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional());

/**
 * The optional embeddings' part of the assistant's environment, to spread into the service's
 * schema. Off unless EMBEDDINGS_URL and EMBEDDINGS_MODEL are both set; retrieval alone answers then.
 */
export const embeddingsEnv = {
  /** An OpenAI-compatible API root whose `POST …/embeddings` embeds texts, e.g. https://api.openai.com/v1. */
  EMBEDDINGS_URL: optional(z.url({ protocol: /^https?$/ })),
  EMBEDDINGS_MODEL: optional(z.string().trim().min(1).max(200)),
  /** Local servers usually need none. */
  EMBEDDINGS_API_KEY: optional(z.string().trim().min(1)),
  /** A message's embedding (and, the first time, its domain's) must arrive within this, or BM25 alone answers. */
  EMBEDDINGS_TIMEOUT_MS: blankAsUnset(z.coerce.number().int().min(50).max(30_000).default(1_500)),
  /** How much cosine similarity counts in the ranking beside BM25 (0: only BM25, 1: only similarity). */
  EMBEDDINGS_WEIGHT: blankAsUnset(z.coerce.number().min(0).max(1).default(0.5)),
  /**
   * Cosine similarity at or below which an entry is no match at all; the model's scale decides it
   * (unrelated texts score 0.1-0.3 with most models). Above it, similarity can raise an entry's
   * confidence, never lower it.
   */
  EMBEDDINGS_MIN_SIMILARITY: blankAsUnset(z.coerce.number().min(-1).max(0.99).default(0.3)),
};

const embeddingsEnvSchema = z.object(embeddingsEnv);
export type EmbeddingsEnv = z.infer<typeof embeddingsEnvSchema>;

export interface EmbeddingsConfig {
  url: string;
  model: string;
  apiKey: string | null;
  timeoutMs: number;
  weight: number;
  minSimilarity: number;
}

/** The embeddings' configuration, or null when they are off; only one of URL and model set is a mistake. */
export function embeddingsConfigFrom(env: EmbeddingsEnv): EmbeddingsConfig | null {
  const { EMBEDDINGS_URL: url, EMBEDDINGS_MODEL: model } = env;
  if (url === undefined && model === undefined) return null;
  if (url === undefined || model === undefined) {
    const [missing, given] =
      url === undefined ? ['EMBEDDINGS_URL', 'EMBEDDINGS_MODEL'] : ['EMBEDDINGS_MODEL', 'EMBEDDINGS_URL'];
    throw new ConfigError('assistant', [
      `${missing}: required when ${given} is set (set both to blend embeddings into retrieval, neither to use BM25 alone)`,
    ]);
  }
  return {
    url,
    model,
    apiKey: env.EMBEDDINGS_API_KEY ?? null,
    timeoutMs: env.EMBEDDINGS_TIMEOUT_MS,
    weight: env.EMBEDDINGS_WEIGHT,
    minSimilarity: env.EMBEDDINGS_MIN_SIMILARITY,
  };
}

/** For the eval and tests; the service parses its whole environment in its config.ts. */
export const parseEmbeddingsEnv = (env: Record<string, string | undefined>): EmbeddingsEnv =>
  parseConfig('assistant', embeddingsEnvSchema, env);
