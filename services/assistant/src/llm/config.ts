import { blankAsUnset, ConfigError, parseConfig, z } from '@parley/config';

/** An unset variable often arrives as '' (compose files, k8s env with an empty value): treat it as unset. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional());

/**
 * The language-model engine's part of the assistant's environment, to spread into the service's
 * schema (`z.object({ ...other, ...languageModelEnv })`). The engine is off unless both the base
 * URL and the model are set.
 */
export const languageModelEnv = {
  /** An OpenAI-compatible API root, e.g. https://api.openai.com/v1 or http://127.0.0.1:11434/v1 (Ollama). */
  ASSISTANT_LLM_BASE_URL: optional(z.url({ protocol: /^https?$/ })),
  ASSISTANT_LLM_MODEL: optional(z.string().trim().min(1).max(200)),
  /** Local servers (Ollama, vLLM) usually need none. */
  ASSISTANT_LLM_API_KEY: optional(z.string().trim().min(1)),
  /** The whole answer (first token to last) must arrive within this, or the retrieval answer is sent. */
  ASSISTANT_LLM_TIMEOUT_MS: blankAsUnset(z.coerce.number().int().min(100).max(120_000).default(8_000)),
  ASSISTANT_LLM_MAX_TOKENS: blankAsUnset(z.coerce.number().int().min(16).max(4_000).default(400)),
  /** Low by default: the answer should restate the facts, not improvise. */
  ASSISTANT_LLM_TEMPERATURE: blankAsUnset(z.coerce.number().min(0).max(2).default(0.2)),
};

const languageModelEnvSchema = z.object(languageModelEnv);
export type LanguageModelEnv = z.infer<typeof languageModelEnvSchema>;

export interface LanguageModelConfig {
  baseUrl: string;
  model: string;
  apiKey: string | null;
  timeoutMs: number;
  maxTokens: number;
  temperature: number;
}

/**
 * The engine's configuration, or null when it is off. Only one of base URL and model set is a
 * mistake worth stopping for, rather than silently answering without the model.
 */
export function languageModelConfigFrom(env: LanguageModelEnv): LanguageModelConfig | null {
  const { ASSISTANT_LLM_BASE_URL: baseUrl, ASSISTANT_LLM_MODEL: model } = env;
  if (baseUrl === undefined && model === undefined) return null;
  if (baseUrl === undefined || model === undefined) {
    throw new ConfigError('assistant', [
      `${baseUrl === undefined ? 'ASSISTANT_LLM_BASE_URL' : 'ASSISTANT_LLM_MODEL'}: required when ${
        baseUrl === undefined ? 'ASSISTANT_LLM_MODEL' : 'ASSISTANT_LLM_BASE_URL'
      } is set (set both to use a language model, neither to answer from retrieval only)`,
    ]);
  }
  return {
    baseUrl,
    model,
    apiKey: env.ASSISTANT_LLM_API_KEY ?? null,
    timeoutMs: env.ASSISTANT_LLM_TIMEOUT_MS,
    maxTokens: env.ASSISTANT_LLM_MAX_TOKENS,
    temperature: env.ASSISTANT_LLM_TEMPERATURE,
  };
}

/** For the engine's own tests and tools; the service parses its whole environment in its config.ts. */
export const parseLanguageModelEnv = (env: Record<string, string | undefined>): LanguageModelEnv =>
  parseConfig('assistant', languageModelEnvSchema, env);
