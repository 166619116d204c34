import {
  ConfigError,
  blankAsUnset,
  bool,
  callerTokenSecret,
  loadMigrationConfig,
  migrateOnStart,
  parseConfig,
  port,
  tracingEnv,
  tracingSettings,
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

describe('tracing settings', () => {
  const schema = z.object(tracingEnv);
  const settings = (env: Record<string, string>) => tracingSettings(parseConfig('t', schema, env));

  it('is off without an endpoint, and with an empty one', () => {
    expect(settings({})).toBeUndefined();
    expect(settings({ OTEL_EXPORTER_OTLP_ENDPOINT: '' })).toBeUndefined();
  });

  it('adds /v1/traces to the base endpoint; the traces endpoint is taken as it is', () => {
    expect(settings({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://otel-collector:4318/' })).toEqual({
      tracesUrl: 'http://otel-collector:4318/v1/traces',
      sampleRatio: 1,
    });
    expect(
      settings({
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://ignored:4318',
        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'https://tempo.example.com/otlp/v1/traces',
        OTEL_TRACES_SAMPLER_ARG: '0.25',
      }),
    ).toEqual({ tracesUrl: 'https://tempo.example.com/otlp/v1/traces', sampleRatio: 0.25 });
  });

  it('refuses a URL that is not HTTP and a ratio outside 0-1', () => {
    expect(() => settings({ OTEL_EXPORTER_OTLP_ENDPOINT: 'grpc://collector:4317' })).toThrow(ConfigError);
    expect(() => settings({ OTEL_EXPORTER_OTLP_ENDPOINT: 'not a url' })).toThrow(ConfigError);
    expect(() =>
      settings({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318', OTEL_TRACES_SAMPLER_ARG: '1.5' }),
    ).toThrow(ConfigError);
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

describe('blankAsUnset', () => {
  const schema = z.object({ SIZE: blankAsUnset(z.coerce.number().int().min(0).default(7)) });
  it('reads nothing or blanks as unset, a number as itself, and still refuses junk', () => {
    expect(parseConfig('t', schema, {}).SIZE).toBe(7);
    expect(parseConfig('t', schema, { SIZE: '' }).SIZE).toBe(7);
    expect(parseConfig('t', schema, { SIZE: ' \t' }).SIZE).toBe(7);
    expect(parseConfig('t', schema, { SIZE: '0' }).SIZE).toBe(0);
    expect(() => parseConfig('t', schema, { SIZE: 'x' })).toThrow(/SIZE/);
    expect(() => parseConfig('t', schema, { SIZE: '\u0000' })).toThrow(/SIZE/);
  });
});
