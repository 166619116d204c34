import {
  createEmbeddings,
  embeddingsConfigFrom,
  parseEmbeddingsEnv,
} from '../../services/assistant/src/embeddings';
import type { AnswerEngine } from '../../services/assistant/src/engine/types';
import {
  createLanguageModelEngine,
  languageModelConfigFrom,
  parseLanguageModelEnv,
} from '../../services/assistant/src/llm';
import { createRetrievalEngine } from '../../services/assistant/src/retrieval';
import { VARIANTS } from './variants';

/** An engine the eval can run, or the reason it can't be run here. */
export type EngineEntry = { name: string; engine: AnswerEngine } | { name: string; unavailable: string };

/**
 * The engines to evaluate: retrieval always; retrieval with embeddings blended in when the
 * environment configures them (EMBEDDINGS_URL, EMBEDDINGS_MODEL…); the language-model engine
 * (over retrieval, as the service runs it) when it configures a model; the same variables the
 * service reads.
 */
export function enginesFrom(env: Record<string, string | undefined>, variant?: string): EngineEntry[] {
  const semantics = variant ? VARIANTS[variant] : undefined;
  if (variant && !semantics)
    throw new Error(`unknown variant ${variant}; one of ${Object.keys(VARIANTS).join(', ')}`);
  const retrieval = createRetrievalEngine(semantics?.());
  const entries: EngineEntry[] = [{ name: 'retrieval', engine: retrieval }];
  const embeddings = createEmbeddings(embeddingsConfigFrom(parseEmbeddingsEnv(env)));
  if (embeddings)
    entries.push({
      name: 'retrieval + embeddings',
      engine: createRetrievalEngine(semantics?.(), embeddings),
    });
  let model: AnswerEngine | null;
  try {
    model = createLanguageModelEngine(languageModelConfigFrom(parseLanguageModelEnv(env)), retrieval);
  } catch (err) {
    // Half a configuration (a URL without a model): say what is missing rather than stop.
    return [...entries, { name: 'language-model', unavailable: `misconfigured: ${(err as Error).message}` }];
  }
  entries.push(
    model
      ? { name: 'language-model', engine: model }
      : { name: 'language-model', unavailable: 'not configured (set ASSISTANT_LLM_BASE_URL)' },
  );
  return entries;
}
