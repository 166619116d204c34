import { ConfigError } from '@parley/config';
import { loadGatewayConfig as loadWith } from './config';

const VISITOR_TOKEN_SECRET = 'v'.repeat(32);
/** The one required variable set, so each test says only what it is about. */
const loadGatewayConfig = (env: Record<string, string | undefined>) =>
  loadWith({ VISITOR_TOKEN_SECRET, ...env });

const blanks = (...names: string[]) => Object.fromEntries(names.map((name) => [name, '']));

describe('gateway config', () => {
  it('has the documented defaults', () => {
    const config = loadGatewayConfig({});
    expect(config).toMatchObject({
      port: 4000,
      identityGrpcUrl: '127.0.0.1:50051',
      jwt: {
        jwksUrl: 'http://127.0.0.1:4101/.well-known/jwks.json',
        issuer: 'http://localhost:4101',
        audience: 'parley',
        roleClaim: 'role',
        accountClaim: 'acct',
      },
      redis: { url: 'redis://127.0.0.1:6379', rateLimitPrefix: 'parley:gateway:rl' },
      frontendOrigins: ['http://localhost:3000'],
      cookieSecure: false,
      grpcDeadlineMs: 5000,
      socketEventBudget: { events: 100, teamEvents: 500, windowSeconds: 10 },
      trustProxy: false,
      logLevel: 'info',
    });
  });

  it('reads lists, booleans, proxy settings and a Keycloak claim path', () => {
    const config = loadGatewayConfig({
      FRONTEND_ORIGIN: 'https://app.parley.dev, http://localhost:3000',
      COOKIE_SECURE: 'true',
      TRUST_PROXY: 'loopback',
      RATE_LIMIT_PREFIX: 'test:rl',
      JWT_ROLE_CLAIM: 'realm_access.roles',
    });
    expect(config.frontendOrigins).toEqual(['https://app.parley.dev', 'http://localhost:3000']);
    expect(config.cookieSecure).toBe(true);
    expect(config.trustProxy).toBe('loopback');
    expect(config.redis.rateLimitPrefix).toBe('test:rl');
    expect(config.jwt.roleClaim).toBe('realm_access.roles');
    expect(loadGatewayConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadGatewayConfig({ RATE_LIMIT_PREFIX: 'parley:e2e1:rl:' }).redis.rateLimitPrefix).toBe(
      'parley:e2e1:rl',
    );
    expect(loadGatewayConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
  });

  it('reaches notifications and sends newsletter links to PUBLIC_APP_URL, else to the first frontend origin', () => {
    expect(loadGatewayConfig({})).toMatchObject({
      notificationsGrpcUrl: '127.0.0.1:50052',
      domainsGrpcUrl: '127.0.0.1:50053',
      contentGrpcUrl: '127.0.0.1:50054',
      billingGrpcUrl: '127.0.0.1:50055',
      conversationsGrpcUrl: '127.0.0.1:50056',
      publicAppUrl: 'http://localhost:3000',
    });
    expect(
      loadGatewayConfig({ FRONTEND_ORIGIN: 'https://app.parley.dev,http://localhost:3000' }).publicAppUrl,
    ).toBe('https://app.parley.dev');
    expect(loadGatewayConfig({ PUBLIC_APP_URL: 'https://parley.example/app/' }).publicAppUrl).toBe(
      'https://parley.example/app',
    );
    expect(() => loadGatewayConfig({ PUBLIC_APP_URL: 'https://parley.example/?next=x' })).toThrow(
      /PUBLIC_APP_URL: must be a plain base URL/,
    );
  });

  it("keeps one run's Redis keys and channels apart through the event namespace", () => {
    expect(loadGatewayConfig({ EVENT_NAMESPACE: 't3f9a1c2' }).redis).toEqual({
      url: 'redis://127.0.0.1:6379',
      keyPrefix: 'parley:t3f9a1c2:gateway',
      rateLimitPrefix: 'parley:t3f9a1c2:gateway:rl',
    });
    expect(loadGatewayConfig({ EVENT_NAMESPACE: 't1', REDIS_KEY_PREFIX: 'mine:' }).redis.keyPrefix).toBe(
      'mine',
    );
  });

  it('fails fast on bad values, naming each', () => {
    expect(() =>
      loadGatewayConfig({
        GATEWAY_PORT: 'abc',
        FRONTEND_ORIGIN: 'http://localhost:3000/app',
        JWT_ALGORITHMS: 'HS256',
      }),
    ).toThrow(ConfigError);
    try {
      loadGatewayConfig({ GATEWAY_PORT: 'abc', FRONTEND_ORIGIN: 'http://localhost:3000/app' });
    } catch (error) {
      expect((error as ConfigError).issues.join('\n')).toMatch(/GATEWAY_PORT[\s\S]*FRONTEND_ORIGIN/);
    }
  });

  it('needs a visitor token secret of at least 32 characters', () => {
    expect(loadGatewayConfig({}).visitorTokenSecret).toBe(VISITOR_TOKEN_SECRET);
    expect(() => loadWith({})).toThrow(ConfigError);
    expect(() => loadWith({})).toThrow(/VISITOR_TOKEN_SECRET/);
    expect(() => loadGatewayConfig({ VISITOR_TOKEN_SECRET: 'x'.repeat(31) })).toThrow(/at least 32/);
  });

  it('reads a number set to nothing as unset: its default, not 0 (a random port, no cache, no grace)', () => {
    const blank = blanks(
      'GATEWAY_PORT',
      'API_KEY_RATE_LIMIT_PER_MINUTE',
      'IDEMPOTENCY_TTL_SECONDS',
      'GRPC_DEADLINE_MS',
      'SOCKET_EVENT_LIMIT',
      'SOCKET_EVENT_LIMIT_TEAM',
      'SOCKET_EVENT_WINDOW_SECONDS',
      'VISITOR_MESSAGE_BATCH_MAX',
      'VISITOR_MESSAGE_BATCH_WINDOW_MS',
      'TEAM_READ_CACHE_MB',
      'SETTINGS_CACHE_MS',
      'SHUTDOWN_GRACE_MS',
      'METRICS_PORT',
    );
    expect(loadGatewayConfig(blank)).toEqual(loadGatewayConfig({}));
    expect(loadGatewayConfig({ SETTINGS_CACHE_MS: '0' }).settingsCacheMs).toBe(0);
  });
});
