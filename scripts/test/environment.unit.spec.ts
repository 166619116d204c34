import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { programEnvironments } from '../lib/environment.mjs';
import { resolveProfile } from '../lib/profiles.mjs';
import { ensureLocalSecrets } from '../lib/secrets.mjs';
import { CONFIG_MODULES, loadProgramSchema, type ProgramName } from './support/config-schemas';

// Real local secrets (in a throwaway folder): identity reads the key file while parsing.
const secretsDir = mkdtempSync(join(tmpdir(), 'parley-env-'));
afterAll(() => rmSync(secretsDir, { recursive: true, force: true }));
const secrets = ensureLocalSecrets(secretsDir);
const programs = Object.keys(CONFIG_MODULES) as ProgramName[];

describe.each(['dev', 'test'] as const)('the %s stack environment', (profileName) => {
  const profile = resolveProfile(profileName);
  const environments = programEnvironments(profile, secrets);

  it('gives the gateway and every service one caller-token key, so their gRPC calls are checked', () => {
    const callers = [
      'gateway',
      'identity',
      'notifications',
      'billing',
      'domains',
      'content',
      'conversations',
      'assistant',
    ] as const;
    const keys = new Set(callers.map((p) => environments[p].CALLER_TOKEN_SECRET));
    expect([...keys]).toEqual([secrets.CALLER_TOKEN_SECRET]);
    expect(secrets.CALLER_TOKEN_SECRET.length).toBeGreaterThanOrEqual(32);
  });

  it.each(programs)('sets only variables %s knows, with values it accepts', (program) => {
    const schema = loadProgramSchema(program);
    const env = environments[program];
    const unknown = Object.keys(env).filter((k) => !schema.known.has(k));
    expect(unknown).toEqual([]);
    expect(schema.problems(env)).toEqual([]);
  });
});

describe('profiles', () => {
  it('puts the test stack on the test ports with its own databases and one random namespace', () => {
    const profile = resolveProfile('test', { slot: '0' });
    const env = programEnvironments(profile, secrets);
    expect(profile.namespace).toMatch(/^[a-z][a-z0-9]+$/);
    expect(env.identity.EVENT_NAMESPACE).toBe(profile.namespace);
    expect(env.notifications.EVENT_NAMESPACE).toBe(profile.namespace);
    expect(env.gateway.EVENT_NAMESPACE).toBe(profile.namespace);
    expect(env.identity.DATABASE_URL).toMatch(/\/parley_e2e_identity$/);
    expect(env.notifications.DATABASE_URL).toMatch(/\/parley_e2e_notifications$/);
    expect(env.gateway.GATEWAY_PORT).toBe('14000');
    expect(env.frontend.PORT).toBe('13000');
    expect(env.frontend.GATEWAY_URL).toBe('http://127.0.0.1:14000');
    expect(env.frontend.METRICS_PORT).toBe('13064');
    expect(env.identity.IDENTITY_GRPC_PORT).toBe('15051');
    expect(env.gateway.IDENTITY_GRPC_URL).toBe('127.0.0.1:15051');
    expect(env.notifications.SMTP_URL).toBe('smtp://127.0.0.1:11025');
    expect(env.mailcatcher.MAILCATCHER_HTTP_PORT).toBe('11080');
    expect(resolveProfile('test').namespace).not.toBe(profile.namespace);
  });

  it('moves a test slot to its own ports and databases, clear of every other slot', () => {
    const slot2 = resolveProfile('test', { slot: '2' });
    expect(slot2.ports.frontend).toBe(13400);
    expect(slot2.ports.gateway).toBe(14400);
    expect(slot2.databaseName('identity')).toBe('parley_e2e2_identity');
    expect(resolveProfile('test', { slot: '7' }).ports.gateway).toBe(24400);
    const taken = new Set<number>();
    for (const slot of ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9']) {
      for (const port of Object.values(resolveProfile('test', { slot }).ports)) {
        expect(taken.has(port)).toBe(false);
        taken.add(port);
      }
    }
    expect(() => resolveProfile('test', { slot: '10' })).toThrow(/PARLEY_TEST_SLOT/);
    expect(resolveProfile('dev', { slot: '3' }).ports.gateway).toBe(4000);
  });

  it('runs dev without a namespace on the documented ports', () => {
    const profile = resolveProfile('dev');
    const env = programEnvironments(profile, secrets);
    expect(profile.namespace).toBe('');
    expect(env.identity.DATABASE_URL).toMatch(/\/parley_identity$/);
    expect(env.gateway.FRONTEND_ORIGIN).toBe('http://localhost:3000,http://127.0.0.1:3000');
    expect(env.gateway.JWKS_URL).toBe('http://127.0.0.1:4101/.well-known/jwks.json');
    // Locally nothing listens for Prometheus, as for every other program.
    expect(env.frontend.METRICS_PORT).toBeUndefined();
  });

  it('sends mail to SMTP_URL when one is given', () => {
    const env = programEnvironments(resolveProfile('dev'), secrets, {
      smtpUrl: 'smtps://mail.example.com:465',
    });
    expect(env.notifications.SMTP_URL).toBe('smtps://mail.example.com:465');
  });

  it('refuses an unusable namespace and an unknown profile', () => {
    expect(() => resolveProfile('test', { namespace: 'Bad.Name' })).toThrow(/lower-case letters and digits/);
    expect(() => resolveProfile('staging')).toThrow(/unknown profile/);
  });
});

describe('the faults profile', () => {
  it('has ports of its own, clear of every slot’s test ports, its private servers included', () => {
    const taken = new Map<number, string>();
    for (const name of ['test', 'faults'] as const) {
      for (const slot of ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9']) {
        for (const [what, port] of Object.entries(resolveProfile(name, { slot }).ports)) {
          expect([port, taken.get(port)]).toEqual([port, undefined]);
          taken.set(port, `${name} slot ${slot} ${what}`);
          expect(port).toBeLessThan(32768);
        }
      }
    }
    const faults = resolveProfile('faults', { slot: '6' });
    expect(faults.ports.gateway).toBe(24700);
    expect(faults.ports.postgres).toBe(26132);
    expect(faults.ports.nats).toBe(24922);
    expect(faults.databaseName('conversations')).toBe('parley_faults6_conversations');
    expect(faults.isolated).toBe(true);
    expect(faults.namespace).toMatch(/^[a-z][a-z0-9]+$/);
  });

  it('gives the programs the servers it is told to use', () => {
    const profile = resolveProfile('faults', { slot: '0' });
    const env = programEnvironments(profile, secrets, {
      infrastructure: { postgres: 'postgres://postgres@127.0.0.1:15932', nats: 'nats://127.0.0.1:14722' },
    });
    expect(env.conversations.DATABASE_URL).toBe(
      'postgres://postgres@127.0.0.1:15932/parley_faults_conversations',
    );
    expect(env.conversations.NATS_URL).toBe('nats://127.0.0.1:14722');
    expect(env.gateway.NATS_URL).toBe('nats://127.0.0.1:14722');
    expect(env.gateway.REDIS_URL).toBe('redis://127.0.0.1:6379');
    expect(env.gateway.ASSISTANT_GRPC_URL).toBe('127.0.0.1:15557');
  });
});
