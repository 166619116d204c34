import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import { databaseUrlFor } from '@parley/db';
import { createLogger } from '@parley/logger';
import { TEST_DATABASE_SERVER, TEST_NATS_URL } from '@parley/testing';
import type { ContentConfig } from '../src/config';
import { startContent } from '../src/start';

// Production runs `main.js migrate` (a Job, the same image) before a version rolls out, and the
// service itself with MIGRATE_ON_START=false: it must neither create nor alter its schema.

jest.setTimeout(60_000);

const run = promisify(execFile);
const repo = join(__dirname, '..', '..', '..');
const name = `parley_t_${randomBytes(6).toString('hex')}`;
const url = databaseUrlFor(TEST_DATABASE_SERVER, name);
const logger = createLogger('content-test', 'silent');
let built: string;

/** The program as the image holds it: the bundle in dist/, its migrations beside it. */
beforeAll(async () => {
  // Inside the repository, so the bundle finds the npm packages it leaves external.
  mkdirSync(join(repo, '.run'), { recursive: true });
  built = mkdtempSync(join(repo, '.run', 'migrate-entry-'));
  await run('node', ['scripts/bundle.mjs', 'services/content/src/main.ts', join(built, 'dist', 'main.js')], {
    cwd: repo,
  });
  cpSync(join(repo, 'services', 'content', 'migrations'), join(built, 'migrations'), { recursive: true });
});

afterAll(async () => {
  if (built) rmSync(built, { recursive: true, force: true });
  await admin((c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
});

async function admin<T>(work: (client: Client) => Promise<T>, database?: string): Promise<T> {
  const client = new Client({
    connectionString: database ? databaseUrlFor(TEST_DATABASE_SERVER, database) : TEST_DATABASE_SERVER,
  });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const databaseExists = () =>
  admin(async (c) => (await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1);
const tables = () =>
  admin(
    async (c) =>
      (
        await c.query<{ table_name: string }>(
          "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name",
        )
      ).rows.map((r) => r.table_name),
    name,
  );
const applied = () =>
  admin(
    async (c) =>
      (await c.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name')).rows.map(
        (r) => r.name,
      ),
    name,
  );

/** `node dist/main.js migrate` with the service's configuration, as the Job runs it. */
function migrateEntry() {
  return run('node', [join(built, 'dist', 'main.js'), 'migrate'], {
    cwd: built,
    // Only the database: the entry needs none of the service's other settings or secrets.
    env: { PATH: process.env.PATH, DATABASE_URL: url, LOG_LEVEL: 'info' },
  });
}

const config = (over: Partial<ContentConfig> = {}): ContentConfig => ({
  grpcPort: 0,
  databaseUrl: url,
  natsUrl: TEST_NATS_URL,
  eventNamespace: `mig${randomBytes(4).toString('hex')}`,
  logLevel: 'silent',
  ...over,
});

describe('migrations as their own step', () => {
  it('with migrations off, the service does not create a missing database', async () => {
    await expect(startContent(config({ migrateOnStart: false }), logger)).rejects.toThrow(
      `database "${name}" does not exist`,
    );
    expect(await databaseExists()).toBe(false);
  });

  it('the migrate entry creates and migrates a fresh database, then exits; a second run changes nothing', async () => {
    const first = await migrateEntry();
    expect(first.stdout).toContain('migrations applied');
    expect(await databaseExists()).toBe(true);
    expect(await applied()).toEqual([
      '001_account_domains.sql',
      '002_content_items.sql',
      '003_images.sql',
      '004_editorial.sql',
      '005_platform_overview.sql',
    ]);
    expect(await tables()).toEqual(
      expect.arrayContaining([
        'schema_migrations',
        'projection_checkpoints',
        'projection_dead_letters',
        'content_items',
      ]),
    );

    const second = await migrateEntry();
    expect(second.stdout).toContain('database already up to date');
  });

  it('with migrations off, the service starts on a migrated database', async () => {
    const before = await tables();
    const service = await startContent(config({ migrateOnStart: false }), logger);
    await service.stop();
    expect(await tables()).toEqual(before);
  });

  it('with migrations off, a schema behind the code is refused and left as it is', async () => {
    // As if this version brought 005 and the Job had not run yet.
    await admin(async (c) => {
      await c.query("DELETE FROM schema_migrations WHERE name = '005_platform_overview.sql'");
    }, name);
    const before = await tables();
    await expect(startContent(config({ migrateOnStart: false }), logger)).rejects.toThrow(
      'database schema is behind this version: 1 migration(s) not applied (005_platform_overview.sql)',
    );
    expect(await tables()).toEqual(before);
    expect(await applied()).not.toContain('005_platform_overview.sql');
  });

  it('with migrations on (npm start, the default), the service migrates at start as before', async () => {
    await admin(async (c) => {
      // 005 again from scratch: its tables dropped with the record of it.
      const { rows } = await c.query<{ t: string }>(
        "SELECT table_name AS t FROM information_schema.tables WHERE table_schema = 'public' AND table_name LIKE 'platform_%'",
      );
      for (const { t } of rows) await c.query(`DROP TABLE "${t}" CASCADE`);
    }, name);
    const service = await startContent(config(), logger);
    await service.stop();
    expect(await applied()).toContain('005_platform_overview.sql');
  });
});
