import { loadConfig } from './config';

describe('domains config', () => {
  it('has the documented defaults', () => {
    expect(loadConfig({})).toEqual({
      grpcPort: 50053,
      databaseUrl: 'postgres://postgres@127.0.0.1:5432/parley_domains',
      natsUrl: 'nats://127.0.0.1:4222',
      eventNamespace: '',
      streamReplicas: 1,
      logLevel: 'info',
      migrateOnStart: true,
    });
  });

  it('reads each variable and refuses bad values by name', () => {
    expect(
      loadConfig({
        DOMAINS_GRPC_PORT: '60053',
        DATABASE_URL: 'postgres://u:p@db:5432/parley_e2e_domains',
        NATS_URL: 'nats://nats:4222',
        EVENT_NAMESPACE: 'e2e_1',
        STREAM_REPLICAS: '3',
        LOG_LEVEL: 'debug',
      }),
    ).toMatchObject({ grpcPort: 60053, eventNamespace: 'e2e_1', streamReplicas: 3, logLevel: 'debug' });
    expect(() => loadConfig({ DOMAINS_GRPC_PORT: 'x' })).toThrow(/DOMAINS_GRPC_PORT/);
    expect(() => loadConfig({ EVENT_NAMESPACE: 'a.b' })).toThrow(/EVENT_NAMESPACE/);
  });
});
