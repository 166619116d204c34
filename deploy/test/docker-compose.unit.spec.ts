// docker-compose.yml, checked without a Docker engine: every program is there, builds point at
// Dockerfiles that exist, every variable set for a program is one its config schema knows and,
// with deploy/.env.example's placeholders filled in, a value it accepts; secrets only come from .env.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { parseEnvFile } from '../../scripts/lib/kustomize.mjs';
import { ensureLocalSecrets } from '../../scripts/lib/secrets.mjs';
import { loadProgramSchema, type ProgramName } from '../../scripts/test/support/config-schemas';

const repoRoot = join(__dirname, '..', '..');

interface ComposeService {
  image?: string;
  build?: { context: string; dockerfile: string; args?: Record<string, string> };
  environment?: Record<string, string | number | boolean>;
  healthcheck?: { test: string[] };
  depends_on?: Record<string, { condition: string }>;
  secrets?: string[];
  volumes?: string[];
  command?: string[];
}
interface Compose {
  services: Record<string, ComposeService>;
  secrets?: Record<string, { file: string }>;
  volumes?: Record<string, unknown>;
}

const compose = parse(readFileSync(join(repoRoot, 'docker-compose.yml'), 'utf8'), { merge: true }) as Compose;
const example = Object.fromEntries(
  parseEnvFile(readFileSync(join(repoRoot, 'deploy', '.env.example'), 'utf8'), 'deploy/.env.example'),
);
const PROGRAMS: Record<ProgramName, string> = {
  mailcatcher: 'tools/mailcatcher',
  stripe: 'tools/stripe-local',
  identity: 'services/identity',
  notifications: 'services/notifications',
  billing: 'services/billing',
  domains: 'services/domains',
  content: 'services/content',
  conversations: 'services/conversations',
  assistant: 'services/assistant',
  gateway: 'gateway',
  frontend: 'frontend',
};
const SECRET_NAME = /PASSWORD|SECRET|SEAL|PRIVATE_KEY$/;

/** Compose's interpolation: ${VAR}, ${VAR:-default}, ${VAR-default}, ${VAR:?error}, ${VAR?error}. */
function interpolate(value: string, env: Record<string, string>): string {
  return value.replace(
    /\$\{([A-Z0-9_]+)(?:(:?)([-?])([^}]*))?\}/g,
    (_m, name: string, colon: string, op: string, arg: string) => {
      const set = env[name] !== undefined && (colon !== ':' || env[name] !== '');
      if (set) return env[name]!;
      if (op === '-') return arg;
      if (op === '?') throw new Error(`${name} is required: ${arg}`);
      return '';
    },
  );
}
const referencedVariables = (text: string) => [...text.matchAll(/\$\{([A-Z0-9_]+)/g)].map((m) => m[1]!);

describe('docker-compose.yml', () => {
  it('runs every program and the servers they need', () => {
    expect(Object.keys(compose.services).sort()).toEqual(
      [
        'assistant',
        'billing',
        'content',
        'conversations',
        'domains',
        'frontend',
        'gateway',
        'identity',
        'mailcatcher',
        'nats',
        'notifications',
        'postgres',
        'redis',
        'stripe',
      ].sort(),
    );
  });

  it.each(Object.entries(PROGRAMS))(
    'builds %s from an existing Dockerfile and program folder',
    (name, dir) => {
      const build = compose.services[name]!.build!;
      expect(build).toBeDefined();
      const context = join(repoRoot, build.context);
      expect(existsSync(join(context, build.dockerfile))).toBe(true);
      if (name === 'frontend') {
        expect(build.dockerfile).toBe('deploy/frontend.Dockerfile');
      } else {
        expect(build.dockerfile).toBe('deploy/Dockerfile');
        expect(build.args?.PROGRAM).toBe(dir);
        expect(existsSync(join(context, dir, 'src', 'main.ts'))).toBe(true);
      }
    },
  );

  it.each(Object.keys(PROGRAMS) as ProgramName[])(
    'sets only variables %s knows, with values it accepts',
    (name) => {
      const environment = Object.fromEntries(
        Object.entries(compose.services[name]!.environment ?? {}).map(([k, v]) => [k, String(v)]),
      );
      const schema = loadProgramSchema(name);
      expect(Object.keys(environment).filter((k) => !schema.known.has(k))).toEqual([]);

      const dir = mkdtempSync(join(tmpdir(), 'parley-compose-'));
      try {
        const values = Object.fromEntries(
          Object.entries(environment).map(([k, v]) => [k, interpolate(v, example)]),
        );
        // The key file is a compose secret in the container; a real local key stands in for it here.
        if (values.JWT_PRIVATE_KEY_FILE)
          values.JWT_PRIVATE_KEY_FILE = ensureLocalSecrets(dir).jwtPrivateKeyFile;
        expect(schema.problems(values)).toEqual([]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );

  it('takes every secret from .env, never from a value written in the file', () => {
    const written = Object.entries(compose.services).flatMap(([name, service]) =>
      Object.entries(service.environment ?? {})
        .filter(
          ([key, value]) => SECRET_NAME.test(key) && !/^\$\{[A-Z0-9_]+(:\?[^}]*)?\}$/.test(String(value)),
        )
        .map(([key]) => `${name}.${key}`),
    );
    expect(written).toEqual([]);
  });

  it('documents in deploy/.env.example every variable it requires, and nothing it does not use', () => {
    const text = readFileSync(join(repoRoot, 'docker-compose.yml'), 'utf8');
    const required = [...text.matchAll(/\$\{([A-Z0-9_]+):?\?/g)].map((m) => m[1]!);
    expect([...new Set(required)].filter((k) => !(k in example))).toEqual([]);
    const used = new Set(referencedVariables(text));
    expect(Object.keys(example).filter((k) => !used.has(k))).toEqual([]);
    const exampleText = readFileSync(join(repoRoot, 'deploy', '.env.example'), 'utf8');
    for (const [key, value] of Object.entries(example)) {
      if (SECRET_NAME.test(key)) expect(`${key}=${value}`).toMatch(/replace/);
    }
    expect(exampleText).not.toMatch(/BEGIN [A-Z ]*PRIVATE KEY/);
  });

  it('gives every service a health check and waits for healthy dependencies', () => {
    const unchecked = Object.entries(compose.services)
      .filter(([, service]) => (service.healthcheck?.test?.length ?? 0) < 2)
      .map(([name]) => name);
    expect(unchecked).toEqual([]);
    for (const service of Object.values(compose.services)) {
      for (const dependency of Object.keys(service.depends_on ?? {}))
        expect(compose.services).toHaveProperty(dependency);
    }
    for (const service of [
      'identity',
      'notifications',
      'billing',
      'domains',
      'content',
      'conversations',
      'assistant',
    ]) {
      expect(compose.services[service]!.depends_on).toMatchObject({
        postgres: { condition: 'service_healthy' },
        nats: { condition: 'service_healthy' },
      });
    }
    expect(compose.services.gateway!.depends_on).toMatchObject({
      identity: { condition: 'service_healthy' },
    });
  });

  it('keeps the event log and the databases on named volumes, with JetStream on', () => {
    expect(compose.services.nats!.command).toContain('--jetstream');
    expect(compose.services.nats!.volumes).toEqual(['nats-data:/data']);
    expect(compose.services.postgres!.volumes).toEqual(['postgres-data:/var/lib/postgresql/data']);
    expect(Object.keys(compose.volumes ?? {}).sort()).toEqual(['nats-data', 'postgres-data']);
  });

  it('mounts the token signing key as a compose secret', () => {
    expect(compose.services.identity!.secrets).toEqual(['jwt_private_key']);
    expect(compose.services.identity!.environment!.JWT_PRIVATE_KEY_FILE).toBe('/run/secrets/jwt_private_key');
    expect(compose.secrets?.jwt_private_key?.file).toMatch(/^\$\{JWT_PRIVATE_KEY_PATH:\?/);
  });
});

describe('deploy/Dockerfile', () => {
  const dockerfile = readFileSync(join(repoRoot, 'deploy', 'Dockerfile'), 'utf8');
  const frontend = readFileSync(join(repoRoot, 'deploy', 'frontend.Dockerfile'), 'utf8');

  it('builds a program chosen by PROGRAM with the repository bundler, and runs it without dev dependencies', () => {
    expect(dockerfile).toMatch(/^ARG PROGRAM$/m);
    expect(dockerfile).toMatch(
      /node scripts\/bundle\.mjs "\$PROGRAM\/src\/main\.ts" "\$PROGRAM\/dist\/main\.js"/,
    );
    expect(dockerfile).toMatch(/npm ci --omit=dev --workspace "\$PROGRAM"/);
  });

  it('ships proto/ with PROTO_ROOT set and the migrations beside dist/', () => {
    expect(dockerfile).toMatch(/COPY proto \.\/proto/);
    expect(dockerfile).toMatch(/PROTO_ROOT=\/app\/proto/);
    expect(dockerfile).toMatch(
      /COPY --from=build \/repo\/\$\{PROGRAM\}\/migrations \.\/\$\{PROGRAM\}\/migrations/,
    );
  });

  it('runs both images as a non-root user', () => {
    for (const file of [dockerfile, frontend]) {
      const users = [...file.matchAll(/^USER (\S+)$/gm)].map((m) => m[1]);
      expect(users.length).toBeGreaterThan(0);
      expect(users.at(-1)).not.toMatch(/^(root|0)(:|$)/);
    }
  });

  it('serves the frontend from its standalone build with its static assets', () => {
    expect(frontend).toMatch(/frontend\/\.next\/standalone/);
    expect(frontend).toMatch(/frontend\/\.next\/static \.\/frontend\/\.next\/static/);
    expect(frontend).toMatch(/CMD \["node", "server\.js"\]/);
  });

  it('keeps local state and secrets out of the build context', () => {
    for (const name of ['Dockerfile', 'frontend.Dockerfile']) {
      const ignore = readFileSync(join(repoRoot, 'deploy', `${name}.dockerignore`), 'utf8').split('\n');
      for (const entry of ['**/node_modules', '.run', '.env', '.git']) expect(ignore).toContain(entry);
    }
  });
});
