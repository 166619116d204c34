import { loadConfig } from './config';

describe('content config', () => {
  it('has the documented defaults', () => {
    expect(loadConfig({})).toEqual({
      grpcPort: 50054,
      databaseUrl: 'postgres://postgres@127.0.0.1:5432/parley_content',
      natsUrl: 'nats://127.0.0.1:4222',
      eventNamespace: '',
      streamReplicas: 1,
      logLevel: 'info',
      migrateOnStart: true,
    });
  });

  it('refuses a bad port and namespace', () => {
    expect(() => loadConfig({ CONTENT_GRPC_PORT: 'x', EVENT_NAMESPACE: 'a.b' })).toThrow(
      /CONTENT_GRPC_PORT[\s\S]*EVENT_NAMESPACE/,
    );
  });

  it('reads STREAM_REPLICAS and refuses a count JetStream cannot keep', () => {
    expect(loadConfig({ STREAM_REPLICAS: '3' }).streamReplicas).toBe(3);
    expect(() => loadConfig({ STREAM_REPLICAS: '0' })).toThrow(/STREAM_REPLICAS/);
    expect(() => loadConfig({ STREAM_REPLICAS: '6' })).toThrow(/STREAM_REPLICAS/);
    expect(() => loadConfig({ STREAM_REPLICAS: 'three' })).toThrow(/STREAM_REPLICAS/);
  });

  it('turns migrating at start off and reads the caller-token key', () => {
    const key = 'k'.repeat(32);
    expect(loadConfig({ MIGRATE_ON_START: 'false', CALLER_TOKEN_SECRET: key })).toMatchObject({
      migrateOnStart: false,
      callerTokenSecret: key,
    });
    expect(() => loadConfig({ CALLER_TOKEN_SECRET: 'short' })).toThrow(/CALLER_TOKEN_SECRET/);
  });

  it('requires the caller-token key in production, where the image sets NODE_ENV', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      'CALLER_TOKEN_SECRET: required in production (NODE_ENV=production): calls between programs are checked',
    );
    expect(
      loadConfig({ NODE_ENV: 'production', CALLER_TOKEN_SECRET: 'k'.repeat(32) }).callerTokenSecret,
    ).toBe('k'.repeat(32));
  });
});
