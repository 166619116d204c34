import type { Logger } from '@parley/logger';
import type { AnswerEngine } from '../engine/types';
import type { LanguageModelConfig } from './config';
import { LanguageModelEngine } from './engine';

export { languageModelConfigFrom, languageModelEnv, parseLanguageModelEnv } from './config';
export type { LanguageModelConfig, LanguageModelEnv } from './config';
export { LanguageModelEngine } from './engine';
export { describeEndpoint, type ModelCall } from './endpoint';

/**
 * The language-model engine over `fallback` (the retrieval engine), or null when no model is
 * configured: then the service answers with the fallback alone.
 */
export function createLanguageModelEngine(
  config: LanguageModelConfig | null,
  fallback: AnswerEngine,
  logger?: Logger,
): LanguageModelEngine | null {
  return config ? new LanguageModelEngine(config, fallback, logger) : null;
}
