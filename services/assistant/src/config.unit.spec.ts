import { loadConfig } from './config';

const blanks = (...names: string[]) => Object.fromEntries(names.map((name) => [name, '']));

describe('assistant config', () => {
  it('has the documented defaults', () => {
    expect(loadConfig({})).toEqual({
      grpcPort: 50057,
      httpPort: 4107,
      databaseUrl: 'postgres://postgres@127.0.0.1:5432/parley_assistant',
      natsUrl: 'nats://127.0.0.1:4222',
      eventNamespace: '',
      conversationsGrpcUrl: '127.0.0.1:50056',
      billingGrpcUrl: '127.0.0.1:50055',
      concurrency: 16,
      languageModel: null,
      embeddings: null,
      logLevel: 'info',
      migrateOnStart: true,
    });
  });

  it('turns the language-model engine on with a base URL and a model', () => {
    const c = loadConfig({
      ASSISTANT_LLM_BASE_URL: 'http://127.0.0.1:11434/v1',
      ASSISTANT_LLM_MODEL: 'llama3',
    });
    expect(c.languageModel).toMatchObject({
      baseUrl: 'http://127.0.0.1:11434/v1',
      model: 'llama3',
      apiKey: null,
    });
  });

  it('takes the reactor’s concurrency, and refuses none at all', () => {
    expect(loadConfig({ ASSISTANT_CONCURRENCY: '4' }).concurrency).toBe(4);
    expect(() => loadConfig({ ASSISTANT_CONCURRENCY: '0' })).toThrow(/ASSISTANT_CONCURRENCY/);
  });

  it('refuses a bad port, namespace and an empty conversations address', () => {
    expect(() =>
      loadConfig({ ASSISTANT_GRPC_PORT: 'x', EVENT_NAMESPACE: 'a.b', CONVERSATIONS_GRPC_URL: ' ' }),
    ).toThrow(/ASSISTANT_GRPC_PORT[\s\S]*EVENT_NAMESPACE[\s\S]*CONVERSATIONS_GRPC_URL/);
  });

  it('reads a number set to nothing as unset: its default, and so the engines’ weights and limits', () => {
    const engines = {
      ASSISTANT_LLM_BASE_URL: 'http://127.0.0.1:11434/v1',
      ASSISTANT_LLM_MODEL: 'llama3.2',
      EMBEDDINGS_URL: 'http://127.0.0.1:11434/v1',
      EMBEDDINGS_MODEL: 'nomic-embed-text',
    };
    const blank = blanks(
      'ASSISTANT_GRPC_PORT',
      'ASSISTANT_HTTP_PORT',
      'ASSISTANT_CONCURRENCY',
      'ASSISTANT_LLM_TIMEOUT_MS',
      'ASSISTANT_LLM_MAX_TOKENS',
      'ASSISTANT_LLM_TEMPERATURE',
      'EMBEDDINGS_TIMEOUT_MS',
      'EMBEDDINGS_WEIGHT',
      'EMBEDDINGS_MIN_SIMILARITY',
    );
    const withBlanks = loadConfig({ ...engines, ...blank });
    expect(withBlanks).toEqual(loadConfig(engines));
    expect(withBlanks.embeddings?.weight).toBe(0.5);
  });
});
