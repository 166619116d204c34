import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { TEST_DATABASE_SERVER } from '@parley/testing';
import { databaseUrlFor } from './ensure-database';
import { openDatabase } from './open-database';

describe('openDatabase', () => {
  const name = `parley_t_${randomBytes(6).toString('hex')}`;
  const url = databaseUrlFor(TEST_DATABASE_SERVER, name);

  afterAll(async () => {
    const admin = new Client({ connectionString: TEST_DATABASE_SERVER });
    await admin.connect();
    try {
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    } finally {
      await admin.end();
    }
  });

  it('creates a missing database and pools connections to it, at most `max`', async () => {
    const pool = await openDatabase(url, { warn: () => undefined }, { max: 3 });
    try {
      const { rows } = await pool.query<{ db: string }>('SELECT current_database() AS db');
      expect(rows).toEqual([{ db: name }]);
      expect(pool.options.max).toBe(3);
    } finally {
      await pool.end();
    }
  });

  it('opens an existing database again, and logs an idle connection failing instead of crashing', async () => {
    const warnings: Array<{ details: object; message: string }> = [];
    const pool = await openDatabase(
      url,
      { warn: (details, message) => warnings.push({ details, message }) },
      { max: 1 },
    );
    try {
      const client = await pool.connect();
      client.release();
      const failure = new Error('terminating connection due to administrator command');

      // What pg does when an idle client's connection breaks; without a listener it would throw.
      pool.emit('error', failure, client);

      expect(warnings).toEqual([{ details: { err: failure }, message: 'idle database connection failed' }]);
    } finally {
      await pool.end();
    }
  });
});
