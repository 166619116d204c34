import { ConfigError } from '@parley/config';
import { languageModelConfigFrom, parseLanguageModelEnv } from './config';

const load = (env: Record<string, string>) => languageModelConfigFrom(parseLanguageModelEnv(env));

describe('language-model configuration', () => {
  it('is off when neither base URL nor model is set (empty counts as unset)', () => {
    expect(load({})).toBeNull();
    expect(
      load({ ASSISTANT_LLM_BASE_URL: '', ASSISTANT_LLM_MODEL: ' ', ASSISTANT_LLM_API_KEY: '' }),
    ).toBeNull();
  });

  it('has the documented defaults', () => {
    expect(
      load({ ASSISTANT_LLM_BASE_URL: 'http://127.0.0.1:11434/v1', ASSISTANT_LLM_MODEL: 'llama3.2' }),
    ).toEqual({
      baseUrl: 'http://127.0.0.1:11434/v1',
      model: 'llama3.2',
      apiKey: null,
      timeoutMs: 8_000,
      maxTokens: 400,
      temperature: 0.2,
    });
  });

  it('reads every variable', () => {
    expect(
      load({
        ASSISTANT_LLM_BASE_URL: 'https://api.openai.com/v1',
        ASSISTANT_LLM_MODEL: 'gpt-4o-mini',
        ASSISTANT_LLM_API_KEY: 'sk-test',
        ASSISTANT_LLM_TIMEOUT_MS: '3000',
        ASSISTANT_LLM_MAX_TOKENS: '200',
        ASSISTANT_LLM_TEMPERATURE: '0',
      }),
    ).toEqual({
      baseUrl: 'https://api.openai.com/v1',
      model: 'gpt-4o-mini',
      apiKey: 'sk-test',
      timeoutMs: 3_000,
      maxTokens: 200,
      temperature: 0,
    });
  });

  it('stops on half a configuration or a bad value, naming the variable', () => {
    expect(() => load({ ASSISTANT_LLM_MODEL: 'gpt-4o-mini' })).toThrow(/ASSISTANT_LLM_BASE_URL: required/);
    expect(() => load({ ASSISTANT_LLM_BASE_URL: 'https://api.openai.com/v1' })).toThrow(ConfigError);
    expect(() => load({ ASSISTANT_LLM_BASE_URL: 'ftp://x', ASSISTANT_LLM_MODEL: 'm' })).toThrow(
      /ASSISTANT_LLM_BASE_URL/,
    );
    expect(() => load({ ASSISTANT_LLM_TIMEOUT_MS: 'soon' })).toThrow(/ASSISTANT_LLM_TIMEOUT_MS/);
  });
});
