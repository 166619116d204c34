import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { Client, type Pool } from 'pg';
import { databaseUrlFor } from '@parley/db';
import { TEST_DATABASE_SERVER } from '@parley/testing';
import { collectStops } from './__fixtures__/collect-stops';
import { openProjectionDatabase } from './database';

const silent = { warn: () => undefined };

async function tables(pool: Pool): Promise<string[]> {
  const { rows } = await pool.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1`,
  );
  return rows.map((r) => r.name);
}

describe('openProjectionDatabase', () => {
  const names: string[] = [];
  let migrations: string;
  let stops: ReturnType<typeof collectStops>;

  const freshUrl = () => {
    const name = `parley_t_${randomBytes(6).toString('hex')}`;
    names.push(name);
    return databaseUrlFor(TEST_DATABASE_SERVER, name);
  };

  beforeEach(() => {
    migrations = mkdtempSync(join(tmpdir(), 'parley-migrations-'));
    stops = collectStops();
  });
  afterEach(async () => {
    await stops.run();
    rmSync(migrations, { recursive: true, force: true });
  });
  afterAll(async () => {
    const admin = new Client({ connectionString: TEST_DATABASE_SERVER });
    await admin.connect();
    try {
      for (const name of names) await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    } finally {
      await admin.end();
    }
  });

  it("creates the database, applies the program's migrations and the checkpoint tables, and ends the pool on stop", async () => {
    writeFileSync(join(migrations, '001_items.sql'), 'CREATE TABLE items (id text PRIMARY KEY);');

    const pool = await openProjectionDatabase(stops, freshUrl(), silent, {
      max: 4,
      migrationsDir: migrations,
    });

    expect(pool.options.max).toBe(4);
    expect(await tables(pool)).toEqual([
      'items',
      'projection_checkpoints',
      'projection_dead_letters',
      'schema_migrations',
    ]);
    expect(stops.steps).toHaveLength(1);
    await stops.run();
    expect(pool.ended).toBe(true);
  });

  it('without migrations creates only the checkpoint tables', async () => {
    const pool = await openProjectionDatabase(stops, freshUrl(), silent, { max: 2 });

    expect(await tables(pool)).toEqual(['projection_checkpoints', 'projection_dead_letters']);
  });

  it("has added the pool's end to the stop steps when a migration fails", async () => {
    writeFileSync(join(migrations, '001_broken.sql'), 'CREATE TABLE;');

    await expect(
      openProjectionDatabase(stops, freshUrl(), silent, { max: 2, migrationsDir: migrations }),
    ).rejects.toThrow('migration 001_broken.sql failed');

    expect(stops.steps).toHaveLength(1);
  });
});
