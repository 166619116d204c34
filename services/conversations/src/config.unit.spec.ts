import { loadConfig } from './config';

describe('conversations config', () => {
  it('has the documented defaults', () => {
    expect(loadConfig({})).toEqual({
      grpcPort: 50056,
      databaseUrl: 'postgres://postgres@127.0.0.1:5432/parley_conversations',
      natsUrl: 'nats://127.0.0.1:4222',
      eventNamespace: '',
      eventCacheSize: 10_000,
      streamReplicas: 1,
      logLevel: 'info',
      migrateOnStart: true,
    });
  });

  it('refuses a bad port and namespace', () => {
    expect(() => loadConfig({ CONVERSATIONS_GRPC_PORT: 'x', EVENT_NAMESPACE: 'a.b' })).toThrow(
      /CONVERSATIONS_GRPC_PORT[\s\S]*EVENT_NAMESPACE/,
    );
  });
});
