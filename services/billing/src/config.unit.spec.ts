import { loadConfig } from './config';

describe('billing config', () => {
  it('has the documented defaults (payments off without a Stripe key)', () => {
    expect(loadConfig({})).toEqual({
      grpcPort: 50055,
      databaseUrl: 'postgres://postgres@127.0.0.1:5432/parley_billing',
      natsUrl: 'nats://127.0.0.1:4222',
      eventNamespace: '',
      stripe: undefined,
      publicAppUrl: 'http://localhost:3000',
      streamReplicas: 1,
      logLevel: 'info',
      migrateOnStart: true,
    });
  });

  it('reads every variable', () => {
    expect(
      loadConfig({
        BILLING_GRPC_PORT: '60055',
        DATABASE_URL: 'postgres://postgres@db:5432/parley_e2e_billing',
        NATS_URL: 'nats://nats:4222',
        EVENT_NAMESPACE: 'e2e',
        STRIPE_SECRET_KEY: 'sk_test_abcdefgh12',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_abcdefgh12',
        STRIPE_WEBHOOK_SECRET: 'whsec_abcdefgh12',
        STRIPE_API_URL: 'http://127.0.0.1:12111',
        STRIPE_JS_URL: 'http://localhost:12111/v3',
        PUBLIC_APP_URL: 'http://localhost:13000/',
        STREAM_REPLICAS: '3',
        LOG_LEVEL: 'debug',
      }),
    ).toEqual({
      grpcPort: 60055,
      databaseUrl: 'postgres://postgres@db:5432/parley_e2e_billing',
      natsUrl: 'nats://nats:4222',
      eventNamespace: 'e2e',
      stripe: {
        secretKey: 'sk_test_abcdefgh12',
        publishableKey: 'pk_test_abcdefgh12',
        webhookSecret: 'whsec_abcdefgh12',
        apiUrl: 'http://127.0.0.1:12111',
        scriptUrl: 'http://localhost:12111/v3',
      },
      publicAppUrl: 'http://localhost:13000',
      streamReplicas: 3,
      logLevel: 'debug',
      migrateOnStart: true,
    });
  });

  it('refuses a port out of range and a namespace that cannot name a stream', () => {
    expect(() => loadConfig({ BILLING_GRPC_PORT: '70000' })).toThrow(/BILLING_GRPC_PORT/);
    expect(() => loadConfig({ EVENT_NAMESPACE: 'a.b' })).toThrow(/EVENT_NAMESPACE/);
  });

  it('needs the publishable key and the webhook secret with a secret key, and refuses a publishable key as the secret', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_abcdefgh12' })).toThrow(
      /STRIPE_PUBLISHABLE_KEY[\s\S]*STRIPE_WEBHOOK_SECRET/,
    );
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'pk_test_abcdefgh12' })).toThrow(/STRIPE_SECRET_KEY/);
  });
});
