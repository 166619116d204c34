import {
  ConfigError,
  bool,
  callerTokenSecret,
  loadMigrationConfig,
  migrateOnStart,
  parseConfig,
  port,
  z,
} from './index';

describe('parseConfig', () => {
  const schema = z.object({ PORT: port(4000), FLAG: bool(false), NAME: z.string().min(1) });

  it('applies defaults and coerces values', () => {
    expect(parseConfig('t', schema, { NAME: 'x', FLAG: 'yes' })).toEqual({
      PORT: 4000,
      FLAG: true,
      NAME: 'x',
    });
  });

  it('lists every problem in one error', () => {
    expect(() => parseConfig('gateway', schema, { PORT: '99999' })).toThrow(ConfigError);
    try {
      parseConfig('gateway', schema, { PORT: '99999' });
    } catch (e) {
      expect((e as ConfigError).issues).toHaveLength(2);
      expect((e as Error).message).toContain('gateway: invalid configuration');
    }
  });
});

describe('the shared pieces for migrations and caller tokens', () => {
  const schema = z.object({ MIGRATE_ON_START: migrateOnStart, CALLER_TOKEN_SECRET: callerTokenSecret });

  it('migrates at start unless told not to, and takes no caller-token key unless given one', () => {
    expect(parseConfig('t', schema, {})).toEqual({ MIGRATE_ON_START: true, CALLER_TOKEN_SECRET: undefined });
    expect(parseConfig('t', schema, { MIGRATE_ON_START: 'false', CALLER_TOKEN_SECRET: '' })).toEqual({
      MIGRATE_ON_START: false,
      CALLER_TOKEN_SECRET: undefined,
    });
  });

  it('refuses a caller-token key shorter than 32 characters', () => {
    expect(() => parseConfig('t', schema, { CALLER_TOKEN_SECRET: 'short' })).toThrow(
      'CALLER_TOKEN_SECRET: CALLER_TOKEN_SECRET must be at least 32 characters',
    );
  });

  it('gives a migrate entry only the database and the log level, and requires the database', () => {
    expect(
      loadMigrationConfig('content', {
        DATABASE_URL: 'postgres://content@db/parley_content',
        STRIPE_SECRET_KEY: 'x',
      }),
    ).toEqual({ databaseUrl: 'postgres://content@db/parley_content', logLevel: 'info' });
    expect(() => loadMigrationConfig('content', {})).toThrow('content migrate: invalid configuration');
  });
});
