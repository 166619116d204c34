import { loadConfig } from './config';

describe('conversations config', () => {
  it('has the documented defaults', () => {
    expect(loadConfig({})).toEqual({
      grpcPort: 50056,
      databaseUrl: 'postgres://postgres@127.0.0.1:5432/parley_conversations',
      natsUrl: 'nats://127.0.0.1:4222',
      eventNamespace: '',
      eventCacheSize: 10_000,
      projectionGroupLingerMs: 5,
      streamReplicas: 1,
      logLevel: 'info',
      migrateOnStart: true,
    });
  });

  it("takes the projections' linger in ms, 0 included, and refuses a negative one", () => {
    expect(loadConfig({ PROJECTION_GROUP_LINGER_MS: '0' }).projectionGroupLingerMs).toBe(0);
    expect(loadConfig({ PROJECTION_GROUP_LINGER_MS: '2.5' }).projectionGroupLingerMs).toBe(2.5);
    expect(() => loadConfig({ PROJECTION_GROUP_LINGER_MS: '-1' })).toThrow(/PROJECTION_GROUP_LINGER_MS/);
  });

  it('reads a variable set to nothing as unset: its default, not 0', () => {
    const c = loadConfig({ PROJECTION_GROUP_LINGER_MS: '', EVENT_CACHE_SIZE: ' ' });
    expect(c.projectionGroupLingerMs).toBe(5);
    expect(c.eventCacheSize).toBe(10_000);
    expect(loadConfig({ EVENT_CACHE_SIZE: '0' }).eventCacheSize).toBe(0);
  });

  it('refuses a bad port and namespace', () => {
    expect(() => loadConfig({ CONVERSATIONS_GRPC_PORT: 'x', EVENT_NAMESPACE: 'a.b' })).toThrow(
      /CONVERSATIONS_GRPC_PORT[\s\S]*EVENT_NAMESPACE/,
    );
  });
});
