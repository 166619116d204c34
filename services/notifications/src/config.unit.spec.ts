import { loadConfig } from './config';

const required = { SMTP_URL: 'smtp://127.0.0.1:1025', MAIL_SEAL_KEY: 'dev-seal-key-0123456789' };

const blanks = (...names: string[]) => Object.fromEntries(names.map((name) => [name, '']));

describe('notifications config', () => {
  it('has the documented defaults', () => {
    expect(loadConfig(required)).toEqual({
      grpcPort: 50052,
      databaseUrl: 'postgres://postgres@127.0.0.1:5432/parley_notifications',
      natsUrl: 'nats://127.0.0.1:4222',
      eventNamespace: '',
      smtpUrl: 'smtp://127.0.0.1:1025',
      mailFrom: 'Parley <no-reply@parley.local>',
      mailSealKey: 'dev-seal-key-0123456789',
      delivery: { maxAttempts: 10, retryBaseMs: 2000, retryMaxMs: 300000, pollIntervalMs: 5000 },
      publicAppUrl: 'http://localhost:3000',
      marketing: { sendPerSecond: 10, schedulePollMs: 5000 },
      webhooks: {
        retry: { baseMs: 30_000, maxMs: 3_600_000, windowMs: 86_400_000 },
        pollIntervalMs: 5000,
        timeoutMs: 10_000,
        allowPrivateUrls: false,
      },
      streamReplicas: 1,
      logLevel: 'info',
      migrateOnStart: true,
    });
  });

  it('bounds the campaign mail rate', () => {
    expect(loadConfig({ ...required, MARKETING_SEND_PER_SECOND: '2.5' }).marketing.sendPerSecond).toBe(2.5);
    expect(() => loadConfig({ ...required, MARKETING_SEND_PER_SECOND: '0' })).toThrow(
      /MARKETING_SEND_PER_SECOND/,
    );
  });

  it('requires SMTP_URL and MAIL_SEAL_KEY', () => {
    expect(() => loadConfig({})).toThrow(/SMTP_URL[\s\S]*MAIL_SEAL_KEY/);
  });

  it('accepts smtps with credentials and refuses other schemes', () => {
    expect(loadConfig({ ...required, SMTP_URL: 'smtps://user:pass@mail.example.com:465' }).smtpUrl).toBe(
      'smtps://user:pass@mail.example.com:465',
    );
    expect(() => loadConfig({ ...required, SMTP_URL: 'http://127.0.0.1:1025' })).toThrow(
      /SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/,
    );
  });

  it('refuses a short seal key and a namespace that cannot name a stream', () => {
    expect(() => loadConfig({ ...required, MAIL_SEAL_KEY: 'short' })).toThrow(
      /MAIL_SEAL_KEY: must be at least 16 characters/,
    );
    expect(() => loadConfig({ ...required, EVENT_NAMESPACE: 'a.b' })).toThrow(/EVENT_NAMESPACE/);
  });

  it('takes the public app URL for mail links without its trailing slash, and refuses anything else', () => {
    expect(loadConfig({ ...required, PUBLIC_APP_URL: 'https://app.parley.example/' }).publicAppUrl).toBe(
      'https://app.parley.example',
    );
    expect(loadConfig({ ...required, PUBLIC_APP_URL: 'https://parley.example/app' }).publicAppUrl).toBe(
      'https://parley.example/app',
    );
    expect(() => loadConfig({ ...required, PUBLIC_APP_URL: 'ftp://app.parley.example' })).toThrow(
      /PUBLIC_APP_URL: must be an http:\/\/ or https:\/\/ URL/,
    );
    expect(() => loadConfig({ ...required, PUBLIC_APP_URL: 'https://app.parley.example/?a=1' })).toThrow(
      /PUBLIC_APP_URL: must be a plain base URL/,
    );
  });

  it('reads a number set to nothing as unset: its default', () => {
    const blank = blanks(
      'NOTIFICATIONS_GRPC_PORT',
      'MAIL_MAX_ATTEMPTS',
      'MAIL_RETRY_BASE_MS',
      'MAIL_RETRY_MAX_MS',
      'MAIL_POLL_INTERVAL_MS',
      'MARKETING_SEND_PER_SECOND',
      'MARKETING_SCHEDULE_POLL_MS',
      'WEBHOOK_RETRY_BASE_MS',
      'WEBHOOK_RETRY_MAX_MS',
      'WEBHOOK_RETRY_WINDOW_MS',
      'WEBHOOK_POLL_INTERVAL_MS',
      'WEBHOOK_TIMEOUT_MS',
    );
    expect(loadConfig({ ...required, ...blank })).toEqual(loadConfig(required));
  });
});
