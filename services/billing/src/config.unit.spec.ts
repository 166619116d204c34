import { loadConfig } from './config';

describe('billing config', () => {
  it('has the documented defaults', () => {
    expect(loadConfig({})).toEqual({
      grpcPort: 50055,
      databaseUrl: 'postgres://postgres@127.0.0.1:5432/parley_billing',
      natsUrl: 'nats://127.0.0.1:4222',
      eventNamespace: '',
      logLevel: 'info',
    });
  });

  it('reads every variable', () => {
    expect(
      loadConfig({
        BILLING_GRPC_PORT: '60055',
        DATABASE_URL: 'postgres://postgres@db:5432/parley_e2e_billing',
        NATS_URL: 'nats://nats:4222',
        EVENT_NAMESPACE: 'e2e',
        LOG_LEVEL: 'debug',
      }),
    ).toEqual({
      grpcPort: 60055,
      databaseUrl: 'postgres://postgres@db:5432/parley_e2e_billing',
      natsUrl: 'nats://nats:4222',
      eventNamespace: 'e2e',
      logLevel: 'debug',
    });
  });

  it('refuses a port out of range and a namespace that cannot name a stream', () => {
    expect(() => loadConfig({ BILLING_GRPC_PORT: '70000' })).toThrow(/BILLING_GRPC_PORT/);
    expect(() => loadConfig({ EVENT_NAMESPACE: 'a.b' })).toThrow(/EVENT_NAMESPACE/);
  });
});
