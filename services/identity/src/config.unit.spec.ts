import { loadConfig } from './config';

const required = {
  JWT_PRIVATE_KEY: 'a PEM, read as text here',
  CODE_SECRET: 'c'.repeat(16),
  MAIL_SEAL_KEY: 'm'.repeat(16),
};

describe('identity config', () => {
  it('reads a number set to nothing as unset: its default, not 0', () => {
    const blank = Object.fromEntries(
      [
        'IDENTITY_GRPC_PORT',
        'IDENTITY_HTTP_PORT',
        'ACCESS_TOKEN_TTL_SECONDS',
        'REFRESH_TOKEN_TTL_SECONDS',
        'REFRESH_REUSE_GRACE_SECONDS',
      ].map((name) => [name, '']),
    );
    const config = loadConfig({ ...required, ...blank });
    expect(config).toEqual(loadConfig(required));
    expect(config.jwt.accessTokenTtlSeconds).toBe(900);
    expect(() => loadConfig({ ...required, ACCESS_TOKEN_TTL_SECONDS: '0' })).toThrow(
      /ACCESS_TOKEN_TTL_SECONDS/,
    );
  });
});
