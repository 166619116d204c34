import { loadConfig } from './config';

const blanks = (...names: string[]) => Object.fromEntries(names.map((name) => [name, '']));

describe('mailcatcher config', () => {
  it('defaults to the dev ports on loopback, keeping 500 messages', () => {
    expect(loadConfig({})).toEqual({
      host: '127.0.0.1',
      smtpPort: 1025,
      httpPort: 1080,
      maxMessages: 500,
      logLevel: 'info',
    });
  });

  it('reads every variable', () => {
    expect(
      loadConfig({
        MAILCATCHER_HOST: '0.0.0.0',
        MAILCATCHER_SMTP_PORT: '11025',
        MAILCATCHER_HTTP_PORT: '11080',
        MAILCATCHER_MAX_MESSAGES: '50',
        LOG_LEVEL: 'warn',
      }),
    ).toEqual({ host: '0.0.0.0', smtpPort: 11025, httpPort: 11080, maxMessages: 50, logLevel: 'warn' });
  });

  it('names every bad variable', () => {
    expect(() => loadConfig({ MAILCATCHER_SMTP_PORT: 'abc', MAILCATCHER_HTTP_PORT: '70000' })).toThrow(
      /MAILCATCHER_SMTP_PORT[\s\S]*MAILCATCHER_HTTP_PORT/,
    );
  });

  it('reads a number set to nothing as unset: its default', () => {
    expect(
      loadConfig(blanks('MAILCATCHER_SMTP_PORT', 'MAILCATCHER_HTTP_PORT', 'MAILCATCHER_MAX_MESSAGES')),
    ).toEqual(loadConfig({}));
  });
});
