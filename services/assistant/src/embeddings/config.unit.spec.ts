import { ConfigError } from '@parley/config';
import { loadConfig } from '../config';
import { embeddingsConfigFrom, parseEmbeddingsEnv } from './config';

const load = (env: Record<string, string>) => embeddingsConfigFrom(parseEmbeddingsEnv(env));

describe('embeddings configuration', () => {
  it('is off when neither URL nor model is set (empty counts as unset)', () => {
    expect(load({})).toBeNull();
    expect(load({ EMBEDDINGS_URL: '', EMBEDDINGS_MODEL: ' ', EMBEDDINGS_API_KEY: '' })).toBeNull();
    expect(loadConfig({}).embeddings).toBeNull();
  });

  it('has the documented defaults, and the service reads it with the rest of its environment', () => {
    const env = { EMBEDDINGS_URL: 'http://127.0.0.1:11434/v1', EMBEDDINGS_MODEL: 'nomic-embed-text' };
    const expected = {
      url: 'http://127.0.0.1:11434/v1',
      model: 'nomic-embed-text',
      apiKey: null,
      timeoutMs: 1_500,
      weight: 0.5,
      minSimilarity: 0.3,
    };
    expect(load(env)).toEqual(expected);
    expect(loadConfig(env).embeddings).toEqual(expected);
  });

  it('reads every variable', () => {
    expect(
      load({
        EMBEDDINGS_URL: 'https://api.openai.com/v1',
        EMBEDDINGS_MODEL: 'text-embedding-3-small',
        EMBEDDINGS_API_KEY: 'sk-test',
        EMBEDDINGS_TIMEOUT_MS: '800',
        EMBEDDINGS_WEIGHT: '0.3',
        EMBEDDINGS_MIN_SIMILARITY: '0.2',
      }),
    ).toEqual({
      url: 'https://api.openai.com/v1',
      model: 'text-embedding-3-small',
      apiKey: 'sk-test',
      timeoutMs: 800,
      weight: 0.3,
      minSimilarity: 0.2,
    });
  });

  it('stops on half a configuration or a bad value, naming the variable', () => {
    expect(() => load({ EMBEDDINGS_MODEL: 'm' })).toThrow(/EMBEDDINGS_URL: required/);
    expect(() => load({ EMBEDDINGS_URL: 'https://api.openai.com/v1' })).toThrow(ConfigError);
    expect(() => load({ EMBEDDINGS_URL: 'ftp://x', EMBEDDINGS_MODEL: 'm' })).toThrow(/EMBEDDINGS_URL/);
    expect(() => load({ EMBEDDINGS_WEIGHT: '2' })).toThrow(/EMBEDDINGS_WEIGHT/);
    expect(() => load({ EMBEDDINGS_TIMEOUT_MS: 'soon' })).toThrow(/EMBEDDINGS_TIMEOUT_MS/);
  });
});
